package ace

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"filippo.io/edwards25519"
	"github.com/oasisprotocol/curve25519-voi/curve"
)

// voiAcceptable is an independent statement of the rule decodePeerPoint
// implements, on curve25519-voi: the encoding is canonical (it re-encodes to
// itself) and the point lies in the prime-order subgroup and is not the
// identity.
func voiAcceptable(b []byte) bool {
	c, err := curve.NewCompressedEdwardsYFromBytes(b)
	if err != nil {
		return false
	}
	p, err := curve.NewEdwardsPoint().SetCompressedY(c)
	if err != nil {
		return false
	}
	var re curve.CompressedEdwardsY
	re.SetEdwardsPoint(p)
	return bytes.Equal(re[:], b) && !p.IsSmallOrder() && p.IsTorsionFree()
}

// torsionPoints returns the 8 points of order dividing 8, k·T for k = 0..7,
// where T is a point of order 8 (its order is checked here).
func torsionPoints(t testing.TB) []*edwards25519.Point {
	t.Helper()
	enc, _ := hex.DecodeString("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
	T, err := new(edwards25519.Point).SetBytes(enc)
	if err != nil {
		t.Fatal(err)
	}
	id := edwards25519.NewIdentityPoint()
	var t4, t8 edwards25519.Point
	t4.Add(T, T)
	t4.Add(&t4, &t4)
	t8.Add(&t4, &t4)
	if t8.Equal(id) != 1 || t4.Equal(id) == 1 {
		t.Fatal("T does not have order 8")
	}
	pts := []*edwards25519.Point{edwards25519.NewIdentityPoint()}
	for k := 1; k < 8; k++ {
		pts = append(pts, new(edwards25519.Point).Add(pts[k-1], T))
	}
	return pts
}

// badPoints returns encodings that must be rejected: the 8 small-order
// points, and a random prime-order point plus each non-zero torsion point.
func badPoints(t testing.TB) map[string][]byte {
	t.Helper()
	pts := torsionPoints(t)
	bad := map[string][]byte{}
	P := mustKey(t).PublicKey()
	var good edwards25519.Point
	if _, err := good.SetBytes(P.Bytes()); err != nil {
		t.Fatal(err)
	}
	for k, T := range pts {
		bad["small-order "+string(rune('0'+k))+"·T"] = T.Bytes()
		if k > 0 {
			bad["mixed-order P+"+string(rune('0'+k))+"·T"] = new(edwards25519.Point).Add(&good, T).Bytes()
		}
	}
	for name, b := range bad {
		if voiAcceptable(b) {
			t.Fatalf("%s: the oracle accepts it", name)
		}
	}
	return bad
}

type cctvCase struct {
	Key   string   `json:"key"`
	Sig   string   `json:"sig"`
	Flags []string `json:"flags"`
}

// cctvPoints returns the distinct points of the C2SP/CCTV Ed25519 vectors
// (public keys and R halves of signatures) and whether their flags say they
// are small-order, mixed-order or non-canonical.
func cctvPoints(t testing.TB) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("testdata/cctv/ed25519vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []cctvCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	bad := map[string]bool{}
	for _, c := range cases {
		flags := map[string]bool{}
		for _, f := range c.Flags {
			flags[f] = true
		}
		for _, pos := range []struct {
			hex    string
			suffix string
		}{{c.Key, "A"}, {c.Sig[:64], "R"}} {
			b, err := hex.DecodeString(pos.hex)
			if err != nil || len(b) != 32 {
				t.Fatalf("bad hex %q", pos.hex)
			}
			isBad := flags["low_order_"+pos.suffix] || flags["low_order_component_"+pos.suffix] ||
				flags["non_canonical_"+pos.suffix]
			bad[string(b)] = bad[string(b)] || isBad
		}
	}
	return bad
}

func TestPublicKeyRejectsTorsion(t *testing.T) {
	for name, b := range badPoints(t) {
		if _, err := NewPublicKey(b); !errors.Is(err, ErrInvalidPoint) {
			t.Errorf("%s: NewPublicKey: got %v, want ErrInvalidPoint", name, err)
		}
	}
}

func TestCCTVPoints(t *testing.T) {
	nGood, nBad := 0, 0
	for b, bad := range cctvPoints(t) {
		_, err := NewPublicKey([]byte(b))
		if bad {
			nBad++
			if !errors.Is(err, ErrInvalidPoint) {
				t.Errorf("%x (flagged): got %v, want ErrInvalidPoint", b, err)
			}
		} else {
			nGood++
			if err != nil {
				t.Errorf("%x (unflagged): %v", b, err)
			}
		}
		if (err == nil) != voiAcceptable([]byte(b)) {
			t.Errorf("%x: NewPublicKey error %v disagrees with the voi oracle", b, err)
		}
	}
	if nGood == 0 || nBad < 20 {
		t.Fatalf("only %d good and %d bad points in the vectors", nGood, nBad)
	}
}

// Every point that NewPublicKey rejects is rejected in each position of
// the protocol: X1 or X2 at the server, Y at the client, and B (as key ID)
// at the server.
func TestHandshakeRejectsTorsion(t *testing.T) {
	f := newFixedHandshake(t)
	_, msg := f.client(t)
	reply, _, err := serverHandshake(msg, f.relay, f.ky)
	if err != nil {
		t.Fatal(err)
	}
	all := badPoints(t)
	for b, isBad := range cctvPoints(t) {
		if isBad {
			all["cctv "+hex.EncodeToString([]byte(b))] = []byte(b)
		}
	}
	for name, b := range all {
		for _, pos := range []int{64, 96} {
			bad := append([]byte(nil), msg...)
			copy(bad[pos:pos+32], b)
			r, k, err := serverHandshake(bad, f.relay, f.ky)
			if !errors.Is(err, ErrInvalidPoint) || r != nil || k != nil {
				t.Errorf("%s as X%d: got %v", name, pos/32-1, err)
			}
		}
		bad := append([]byte(nil), msg...)
		copy(bad[32:64], b)
		if _, _, err := serverHandshake(bad, f.relay, f.ky); !errors.Is(err, ErrUnknownKey) {
			t.Errorf("%s as B: got %v", name, err)
		}
		badReply := append(append([]byte(nil), b...), reply[32:]...)
		st, _ := f.client(t)
		if keys, err := st.Finish(badReply); !errors.Is(err, ErrInvalidPoint) || keys != nil {
			t.Errorf("%s as Y: got %v", name, err)
		}
	}
}

// The 38 encodings with y ≥ p (non-canonical, which RFC 8032 §5.1.3 rejects)
// are refused.
func TestNonCanonicalEncodings(t *testing.T) {
	// y = p + i for i in [0, 18], with both sign bits: 2^255 - 19 + i.
	for i := 0; i < 19; i++ {
		for _, sign := range []byte{0, 0x80} {
			b := bytes.Repeat([]byte{0xff}, 32)
			b[0] = byte(0xed + i)
			b[31] = 0x7f | sign
			if _, err := NewPublicKey(b); !errors.Is(err, ErrInvalidPoint) {
				t.Errorf("y = p+%d, sign %x: got %v", i, sign, err)
			}
		}
	}
}

// decodePeerPoint agrees with the voi oracle on random encodings, on random
// valid points and on random valid points plus torsion.
func TestDecodeDifferential(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	torsion := torsionPoints(t)
	var buf [32]byte
	for i := 0; i < n; i++ {
		rand.Read(buf[:])
		b := buf[:]
		switch i % 3 {
		case 1:
			b = mustKey(t).PublicKey().Bytes()
		case 2:
			var P edwards25519.Point
			if _, err := P.SetBytes(mustKey(t).PublicKey().Bytes()); err != nil {
				t.Fatal(err)
			}
			b = P.Add(&P, torsion[int(buf[0])%8]).Bytes()
		}
		var p point
		err := decodePeerPoint(&p, b)
		if (err == nil) != voiAcceptable(b) {
			t.Fatalf("%x: decodePeerPoint %v, oracle %v", b, err, voiAcceptable(b))
		}
		if err == nil && !bytes.Equal(p.Bytes(), b) {
			t.Fatalf("%x: decoded point re-encodes to %x", b, p.Bytes())
		}
	}
}
