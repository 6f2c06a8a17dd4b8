package ace

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"testing"

	group "github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/acetest"
	"github.com/curvekit/curvekit/internal/bigle"
)

// The rule decodePeerPoint implements is stated independently with math/big
// (bigcurve_test.go, internal/acetest): 64 bytes x ‖ y with x, y < p as
// integers (so bit 255 is clear), -x² + y² = 1 + d·x²·y² mod p, and the point
// is neither of small order nor outside the prime-order subgroup. (The
// interop module checks the public API against curve25519-voi's and
// filippo's answers too.)

// torsionPoints returns the 8 points of order dividing 8, k·T for k = 0..7,
// where T is a point of order 8 (its order is checked here).
func torsionPoints(t testing.TB) []bigPoint {
	t.Helper()
	enc, _ := hex.DecodeString("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
	T, ok := bigDecompress(enc)
	if !ok {
		t.Fatal("T does not decode")
	}
	t4 := bigAdd(T, T)
	t4 = bigAdd(t4, t4)
	if t8 := bigAdd(t4, t4); !t8.isIdentity() || t4.isIdentity() {
		t.Fatal("T does not have order 8")
	}
	pts := []bigPoint{bigIdentity()}
	for k := 1; k < 8; k++ {
		pts = append(pts, bigAdd(pts[k-1], T))
	}
	return pts
}

// badPoints returns the encodings that must be rejected (acetest.BadPoints),
// the torsion and mixed-order points built with math/big.
func badPoints(t testing.TB) map[string][]byte {
	t.Helper()
	P := mustKey(t).PublicKey()
	good, ok := bigFromEncoding(P.Bytes())
	if !ok {
		t.Fatal("a public key does not decode")
	}
	var small, mixed [][]byte
	for k, T := range torsionPoints(t) {
		small = append(small, uncompressed(T))
		if k > 0 {
			mixed = append(mixed, uncompressed(bigAdd(good, T)))
		}
	}
	return acetest.BadPoints(t, P.Bytes(), small, mixed, oracleAcceptable)
}

// cctvPoints returns the CCTV vectors' points (acetest.CCTVPoints), decoded
// with math/big.
func cctvPoints(t testing.TB) map[string]bool {
	t.Helper()
	return acetest.CCTVPoints(t, "testdata/cctv/ed25519vectors.json", func(b []byte) ([]byte, error) {
		p, ok := bigDecompress(b)
		if !ok {
			return nil, errors.New("math/big finds no point")
		}
		return uncompressed(p), nil
	})
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
		if (err == nil) != oracleAcceptable([]byte(b)) {
			t.Errorf("%x: NewPublicKey error %v disagrees with the oracle", b, err)
		}
	}
	if nGood == 0 || nBad < 20 {
		t.Fatalf("only %d good and %d bad points in the vectors", nGood, nBad)
	}
}

// Every point that NewPublicKey rejects is rejected in each position of the
// protocol under RejectTorsion: X1 or X2 at the server, Y at the client,
// and B (as key ID) at the server. Under ClearCofactor (the default) the
// same holds but for the mixed-order points (a point of order ℓ plus a
// non-zero torsion point), which are accepted, and whose torsion component
// does not reach the shared point: the reply and the keys are those the
// independent reference computes from the point's prime-order part and the
// encodings as sent.
func TestHandshakeSubgroupChecks(t *testing.T) {
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

	// The fixed handshake's secrets and points, for the reference.
	fs := func(k *PrivateKey) *big.Int { return bigLEInt(k.Bytes()) }
	inv8 := new(big.Int).ModInverse(big.NewInt(8), bigL)
	// primePart returns the prime-order part of the point encoded by enc:
	// 8⁻¹·(8·P).
	primePart := func(enc []byte) bigPoint {
		P, ok := bigFromEncoding(enc)
		if !ok {
			t.Fatalf("%x does not decode", enc)
		}
		return bigMul(inv8, bigMul(big.NewInt(8), P))
	}
	id, encB, encY := f.id, f.key.PublicKey().Bytes(), f.ky.PublicKey().Bytes()
	B, _ := bigFromEncoding(encB)
	add, mul := bigAdd, bigMul

	// Honest handshakes agree whatever check each side applies.
	for _, rc := range []SubgroupCheck{ClearCofactor, RejectTorsion} {
		for _, cc := range []SubgroupCheck{ClearCofactor, RejectTorsion} {
			st, m := f.client(t)
			st.SetSubgroupCheck(cc)
			r, sk, err := serverHandshake(m, f.relay.WithSubgroupCheck(rc), f.ky)
			if err != nil {
				t.Fatal(err)
			}
			ck, err := st.Finish(r)
			if err != nil || !bytes.Equal(ck, sk) || !bytes.Equal(r, reply) {
				t.Fatalf("relay check %d, client check %d: err %v, or keys or reply differ", rc, cc, err)
			}
		}
	}

	accepted := 0
	for _, check := range []SubgroupCheck{ClearCofactor, RejectTorsion} {
		relay := f.relay.WithSubgroupCheck(check)
		for name, b := range all {
			mixed := check == ClearCofactor && oracleClearable(b)
			for i, pos := range []int{offX1, offX2} {
				bad := append([]byte(nil), msg...)
				copy(bad[pos:pos+PublicKeySize], b)
				r, k, err := serverHandshake(bad, relay, f.ky)
				if !mixed {
					if !errors.Is(err, ErrInvalidPoint) || r != nil || k != nil {
						t.Errorf("check %d: %s as X%d: got %v", check, name, i+1, err)
					}
					continue
				}
				accepted++
				encX1, encX2 := bad[offX1:offX2], bad[offX2:]
				shared := add(mul(fs(f.ky), primePart(encX1)), mul(fs(f.key), primePart(encX2)))
				auth, keys := aceReference(t, shared, id, encB, encX1, encX2, encY)
				if err != nil || !bytes.Equal(r, cat(encY, auth)) || !bytes.Equal(k, keys) {
					t.Errorf("check %d: %s as X%d: err %v, or reply or keys differ from the reference", check, name, i+1, err)
				}
			}
			bad := append([]byte(nil), msg...)
			copy(bad[offB:offX1], b)
			if _, _, err := serverHandshake(bad, relay, f.ky); !errors.Is(err, ErrUnknownKey) {
				t.Errorf("check %d: %s as B: got %v", check, name, err)
			}

			st, _ := f.client(t)
			st.SetSubgroupCheck(check)
			if !mixed {
				badReply := append(append([]byte(nil), b...), reply[PublicKeySize:]...)
				if keys, err := st.Finish(badReply); !errors.Is(err, ErrInvalidPoint) || keys != nil {
					t.Errorf("check %d: %s as Y: got %v", check, name, err)
				}
				continue
			}
			// The client's point is x1·Y' + x2·B with Y' the prime-order
			// part of b; the reply carries the AUTH a relay sending b
			// would compute.
			shared := add(mul(fs(f.k1), primePart(b)), mul(fs(f.k2), B))
			auth, keys := aceReference(t, shared, id, encB, msg[offX1:offX2], msg[offX2:], b)
			got, err := st.Finish(cat(b, auth))
			if err != nil || !bytes.Equal(got, keys) {
				t.Errorf("check %d: %s as Y: err %v, or keys differ from the reference", check, name, err)
			}
		}
	}
	if accepted < 14 {
		t.Fatalf("only %d mixed-order cases accepted under ClearCofactor", accepted)
	}
}

// Non-canonical coordinates are refused for that reason, before any curve
// or order check: x+p and y+p (the only ones below 2^255, for the points
// with a coordinate below 19), and bit 255 set in x or y of valid points.
func TestNonCanonicalEncodings(t *testing.T) {
	cases := acetest.NonCanonicalPoints(t)
	for i := 0; i < 4; i++ {
		b := mustKey(t).PublicKey().Bytes()
		b[31+32*(i%2)] |= 0x80
		cases[fmt.Sprintf("valid point %d, bit 255 of %c set", i, "xy"[i%2])] = b
	}
	for name, b := range cases {
		var p point
		for _, check := range []SubgroupCheck{ClearCofactor, RejectTorsion} {
			if err := decodePeerPoint(&p, b, check); err != errNonCanonical {
				t.Errorf("%s: decodePeerPoint(%d): got %v, want %v", name, check, err, errNonCanonical)
			}
		}
		if _, err := NewPublicKey(b); !errors.Is(err, ErrInvalidPoint) {
			t.Errorf("%s: NewPublicKey: got %v", name, err)
		}
		// The same point, reduced, is on the curve: it is refused for its
		// order (none of these points has order ℓ), not its coordinates.
		x, y := bigle.Int(b[:32]), bigle.Int(b[32:])
		x.SetBit(x, 255, 0).Mod(x, acetest.P)
		y.SetBit(y, 255, 0).Mod(y, acetest.P)
		if !acetest.OnCurve(x, y) {
			t.Fatalf("%s: not on the curve once reduced", name)
		}
		err := decodePrimeOrder(&p, append(acetest.LE(x), acetest.LE(y)...))
		if oracleAcceptable(append(acetest.LE(x), acetest.LE(y)...)) != (err == nil) || err == errNonCanonical || err == errNotOnCurve {
			t.Errorf("%s, reduced: decodePrimeOrder got %v", name, err)
		}
	}
}

// decodePeerPoint agrees with the oracle on random encodings, on random
// valid points, on random valid points plus torsion, and on points whose
// coordinates were changed slightly; the points it accepts re-encode to
// their input.
func TestDecodeDifferential(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	torsion := torsionPoints(t)
	var buf [64]byte
	accepted := 0
	for i := 0; i < n; i++ {
		rand.Read(buf[:])
		b := buf[:]
		switch i % 4 {
		case 1:
			b = mustKey(t).PublicKey().Bytes()
		case 2:
			P, _ := bigFromEncoding(mustKey(t).PublicKey().Bytes())
			b = uncompressed(bigAdd(P, torsion[int(buf[0])%8]))
		case 3:
			b = mustKey(t).PublicKey().Bytes()
			b[int(buf[0])%64] ^= 1 << (buf[1] % 8)
		}
		var p point
		err := decodePrimeOrder(&p, b)
		if (err == nil) != oracleAcceptable(b) {
			t.Fatalf("%x: decodePrimeOrder %v, oracle %v", b, err, oracleAcceptable(b))
		}
		if err == nil {
			accepted++
			var enc [pointSize]byte
			encodePoints([]*[pointSize]byte{&enc}, &p)
			if !bytes.Equal(enc[:], b) {
				t.Fatalf("%x: decoded point re-encodes to %x", b, enc)
			}
		}
		// decodePeerPoint returns 8·P under ClearCofactor and P under
		// RejectTorsion, each check with its oracle.
		for _, check := range []SubgroupCheck{ClearCofactor, RejectTorsion} {
			oracle := map[SubgroupCheck]func([]byte) bool{ClearCofactor: oracleClearable, RejectTorsion: oracleAcceptable}[check]
			err := decodePeerPoint(&p, b, check)
			if (err == nil) != oracle(b) {
				t.Fatalf("%x: decodePeerPoint(%d) %v, oracle %v", b, check, err, oracle(b))
			}
			if err == nil {
				var enc [pointSize]byte
				encodePoints([]*[pointSize]byte{&enc}, &p)
				want := b
				if check == ClearCofactor {
					P, _ := bigFromEncoding(b)
					want = uncompressed(bigMul(big.NewInt(8), P))
				}
				if !bytes.Equal(enc[:], want) {
					t.Fatalf("%x: decodePeerPoint(%d) gives %x, want %x", b, check, enc, want)
				}
			}
		}
	}
	if accepted < n/4 {
		t.Fatalf("only %d of %d accepted", accepted, n)
	}
}

// encodePoints matches math/big's affine coordinates for every batch size,
// on points with Z ≠ 1 (sums and multiples).
func TestEncodePoints(t *testing.T) {
	var pts []*point
	var want [][]byte
	for i := 0; i < maxBatch; i++ {
		k := mustKey(t)
		var q point
		q.Add(&k.pub.p, &k.pub.p)
		q.Add(&q, group.NewGeneratorPoint())
		pts = append(pts, &q)
		// The same point with math/big: (2·k + 1)·G.
		e := new(big.Int).Lsh(bigLEInt(k.Bytes()), 1)
		e.Add(e, big.NewInt(1))
		want = append(want, uncompressed(bigMul(e, bigGenerator)))
	}
	if _, _, Z, _ := pts[0].ExtendedCoordinates(); Z.Equal(feOne) == 1 {
		t.Fatal("test point has Z = 1")
	}
	for n := 1; n <= maxBatch; n++ {
		out := make([]*[pointSize]byte, n)
		for i := range out {
			out[i] = new([pointSize]byte)
		}
		encodePoints(out, pts[:n]...)
		for i := range out {
			if !bytes.Equal(out[i][:], want[i]) {
				t.Fatalf("batch of %d, point %d:\n got %x\nwant %x", n, i, out[i], want[i])
			}
		}
	}
	// The identity encodes as x = 0, y = 1.
	var id [pointSize]byte
	encodePoints([]*[pointSize]byte{&id}, group.NewIdentityPoint())
	if !isIdentityEncoding(&id) || id != identityEncoding || id[32] != 1 {
		t.Fatalf("identity encodes as %x", id)
	}
}
