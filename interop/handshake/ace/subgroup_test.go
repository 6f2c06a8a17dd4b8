package ace_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"testing"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/oasisprotocol/curve25519-voi/curve"
)

var bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

var bigD = func() *big.Int {
	d := new(big.Int).ModInverse(big.NewInt(121666), bigP)
	d.Mul(d, big.NewInt(-121665))
	return d.Mod(d, bigP)
}()

func bigLE(v *big.Int) []byte {
	b := v.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// bigOnCurve reports whether -x² + y² = 1 + d·x²·y² mod p.
func bigOnCurve(x, y *big.Int) bool {
	xx := new(big.Int).Mul(x, x)
	yy := new(big.Int).Mul(y, y)
	lhs := new(big.Int).Sub(yy, xx)
	rhs := new(big.Int).Mul(xx, yy)
	rhs.Mul(rhs, bigD).Add(rhs, big.NewInt(1))
	return lhs.Sub(lhs, rhs).Mod(lhs, bigP).Sign() == 0
}

// voiDecode decodes x ‖ y with curve25519-voi (through the compressed form
// and math/big) and returns nil unless the coordinates are canonical and
// the point is on the curve.
func voiDecode(b []byte) *curve.EdwardsPoint {
	if len(b) != 64 {
		return nil
	}
	x, y := bigle.Int(b[:32]), bigle.Int(b[32:])
	if x.Cmp(bigP) >= 0 || y.Cmp(bigP) >= 0 || !bigOnCurve(x, y) {
		return nil
	}
	c := bigLE(y)
	c[31] |= byte(x.Bit(0)) << 7
	cy, err := curve.NewCompressedEdwardsYFromBytes(c)
	if err != nil {
		return nil
	}
	p, err := curve.NewEdwardsPoint().SetCompressedY(cy)
	if err != nil {
		panic("voi rejects a point on the curve") // unreachable: x² has a root, x
	}
	return p
}

// voiAcceptable is the oracle of RejectTorsion and NewPublicKey: a
// canonical encoding of a point of order ℓ.
func voiAcceptable(b []byte) bool {
	p := voiDecode(b)
	return p != nil && !p.IsSmallOrder() && p.IsTorsionFree()
}

// voiClearable is the oracle of ClearCofactor: a canonical encoding of a
// point not of small order.
func voiClearable(b []byte) bool {
	p := voiDecode(b)
	return p != nil && !p.IsSmallOrder()
}

// uncompressed returns the encoding x ‖ y of p, computed with filippo's
// field arithmetic (independently of encodePoints).
func uncompressed(p *edwards25519.Point) []byte {
	X, Y, Z, _ := p.ExtendedCoordinates()
	zInv := new(field.Element).Invert(Z)
	x := new(field.Element).Multiply(X, zInv)
	y := new(field.Element).Multiply(Y, zInv)
	return append(x.Bytes(), y.Bytes()...)
}

// fromUncompressed is the inverse of uncompressed, for valid encodings.
func fromUncompressed(t testing.TB, b []byte) *edwards25519.Point {
	t.Helper()
	x, err1 := new(field.Element).SetBytes(b[:32])
	y, err2 := new(field.Element).SetBytes(b[32:])
	if err1 != nil || err2 != nil {
		t.Fatalf("%x: bad coordinates", b)
	}
	p, err := new(edwards25519.Point).SetExtendedCoordinates(x, y, new(field.Element).One(), new(field.Element).Multiply(x, y))
	if err != nil {
		t.Fatalf("%x: %v", b, err)
	}
	return p
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
// points, a random prime-order point plus each non-zero torsion point, that
// point with bit 255 set in x or in y, and points off the curve.
func badPoints(t testing.TB) map[string][]byte {
	t.Helper()
	pts := torsionPoints(t)
	bad := map[string][]byte{}
	P := mustKey(t).PublicKey()
	good := fromUncompressed(t, P.Bytes())
	for k, T := range pts {
		bad["small-order "+string(rune('0'+k))+"·T"] = uncompressed(T)
		if k > 0 {
			bad["mixed-order P+"+string(rune('0'+k))+"·T"] = uncompressed(new(edwards25519.Point).Add(good, T))
		}
	}
	enc := P.Bytes()
	for name, mutate := range map[string]func(b []byte){
		"P, bit 255 of x set": func(b []byte) { b[31] |= 0x80 },
		"P, bit 255 of y set": func(b []byte) { b[63] |= 0x80 },
		"P, x+1 (off the curve)": func(b []byte) {
			x := bigle.Int(b[:32])
			copy(b[:32], bigLE(x.Add(x, big.NewInt(1)).Mod(x, bigP)))
		},
		"P, y+1 (off the curve)": func(b []byte) {
			y := bigle.Int(b[32:])
			copy(b[32:], bigLE(y.Add(y, big.NewInt(1)).Mod(y, bigP)))
		},
		"P, x and y swapped (off the curve)": func(b []byte) {
			copy(b[:32], enc[32:])
			copy(b[32:], enc[:32])
		},
		"all zero (off the curve)": func(b []byte) { clear(b) },
		"all ones":                 func(b []byte) { copy(b, bytes.Repeat([]byte{0xff}, 64)) },
	} {
		b := append([]byte(nil), enc...)
		mutate(b)
		bad[name] = b
	}
	for name, b := range nonCanonicalPoints(t) {
		bad[name] = b
	}
	for name, b := range bad {
		if voiAcceptable(b) {
			t.Fatalf("%s: the oracle accepts it", name)
		}
	}
	return bad
}

// nonCanonicalPoints returns x ‖ (y+p) and (x+p) ‖ y for every point on the
// curve with y < 19 or x < 19 (so that y+p or x+p is below 2^255, the
// only non-canonical coordinates with bit 255 clear), found with math/big.
// None of these points has order ℓ (they have orders 1, 2, 4·ℓ, 8·ℓ, ...),
// so the tests also check that the canonicity check is what rejects them.
func nonCanonicalPoints(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	one := big.NewInt(1)
	for c := int64(0); c < 19; c++ {
		v := big.NewInt(c)
		vv := new(big.Int).Mul(v, v)
		dvv := new(big.Int).Mul(bigD, vv)
		// y = c: x² = (y²-1)/(d·y²+1).   x = c: y² = (1+x²)/(1-d·x²).
		for _, yFixed := range []bool{true, false} {
			num, den := new(big.Int), new(big.Int)
			if yFixed {
				num.Sub(vv, one)
				den.Add(dvv, one)
			} else {
				num.Add(vv, one)
				den.Sub(one, dvv)
			}
			den.Mod(den, bigP).ModInverse(den, bigP)
			num.Mul(num, den).Mod(num, bigP)
			w := new(big.Int).ModSqrt(num, bigP)
			if w == nil {
				continue
			}
			x, y := w, v
			if !yFixed {
				x, y = v, w
			}
			if !bigOnCurve(x, y) {
				t.Fatal("nonCanonicalPoints: bad root")
			}
			name := "x+p"
			b := append(bigLE(new(big.Int).Add(x, bigP)), bigLE(y)...)
			if yFixed {
				name = "y+p"
				b = append(bigLE(x), bigLE(new(big.Int).Add(y, bigP))...)
			}
			out[fmt.Sprintf("(%x, %x) as %s", x, y, name)] = b
		}
	}
	// The identity (0, 1) with both coordinates + p.
	out["identity as (p, 1+p)"] = append(bigLE(bigP), bigLE(new(big.Int).Add(one, bigP))...)
	if len(out) < 20 {
		t.Fatalf("only %d non-canonical encodings", len(out))
	}
	return out
}

type cctvCase struct {
	Key   string   `json:"key"`
	Sig   string   `json:"sig"`
	Flags []string `json:"flags"`
}

// cctvPoints returns the distinct points of the C2SP/CCTV Ed25519 vectors
// (public keys and R halves of signatures), decoded leniently and
// re-encoded as x ‖ y, and whether their flags say they are small-order or
// mixed-order. (Their non-canonical compressed encodings have no
// counterpart in x ‖ y, which is always canonical once re-encoded; all of
// them are flagged low-order as well.)
func cctvPoints(t testing.TB) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("../../../handshake/ace/testdata/cctv/ed25519vectors.json")
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
			lowOrder := flags["low_order_"+pos.suffix] || flags["low_order_component_"+pos.suffix]
			if flags["non_canonical_"+pos.suffix] && !lowOrder {
				t.Fatalf("%x: non-canonical but not flagged low-order", b)
			}
			p, err := new(edwards25519.Point).SetBytes(b)
			if err != nil {
				t.Fatalf("%x: filippo rejects it: %v", b, err)
			}
			u := string(uncompressed(p))
			bad[u] = bad[u] || lowOrder
		}
	}
	return bad
}

func TestPublicKeyRejectsTorsion(t *testing.T) {
	for name, b := range badPoints(t) {
		if _, err := ace.NewPublicKey(b); !errors.Is(err, ace.ErrInvalidPoint) {
			t.Errorf("%s: NewPublicKey: got %v, want ErrInvalidPoint", name, err)
		}
	}
}

func TestCCTVPoints(t *testing.T) {
	nGood, nBad := 0, 0
	for b, bad := range cctvPoints(t) {
		_, err := ace.NewPublicKey([]byte(b))
		if bad {
			nBad++
			if !errors.Is(err, ace.ErrInvalidPoint) {
				t.Errorf("%x (flagged): got %v, want ErrInvalidPoint", b, err)
			}
		} else {
			nGood++
			if err != nil {
				t.Errorf("%x (unflagged): %v", b, err)
			}
		}
		if (err == nil) != voiAcceptable([]byte(b)) {
			t.Errorf("%x: NewPublicKey error %v disagrees with the oracle", b, err)
		}
	}
	if nGood == 0 || nBad < 20 {
		t.Fatalf("only %d good and %d bad points in the vectors", nGood, nBad)
	}
}
