package curve25519

import (
	"bytes"
	"math/big"
	"testing"
)

// smallOrderHex are the canonical encodings of the 8 points of the torsion
// subgroup, in order k·T8 for k = 0..7 (identity first).
var smallOrderHex = []string{
	"0100000000000000000000000000000000000000000000000000000000000000",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
	"0000000000000000000000000000000000000000000000000000000000000080",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	"0000000000000000000000000000000000000000000000000000000000000000",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
}

// nonCanonicalSmallOrderHex are non-canonical encodings of small-order
// points: x = 0 with the sign bit set, and y ≥ p (y = p ≡ 0, y = p+1 ≡ 1).
var nonCanonicalSmallOrderHex = []string{
	"0100000000000000000000000000000000000000000000000000000000000080", // identity, sign set
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // (0, -1), sign set
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // y = p, sign set
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p+1 (identity)
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // y = p+1, sign set
}

// TestNonCanonicalY covers every y in [p, 2^255) with both sign bits: the
// lenient decoder must decode y as y − p (the same point as the canonical
// encoding of y − p with the same sign bit), the strict one must reject them
// all. The interop module checks the lenient decoder against filippo's.
func TestNonCanonicalY(t *testing.T) {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	accepted := 0
	for i := int64(0); i < 19; i++ {
		for sign := 0; sign < 2; sign++ {
			enc := bigToLE(new(big.Int).Add(p, big.NewInt(i)))
			enc[31] |= byte(sign << 7)
			if _, err := new(Point).SetCanonicalBytes(enc); err == nil {
				t.Errorf("strict decoder accepted y = p+%d sign %d", i, sign)
			}
			v, err := new(Point).SetBytes(enc)
			reduced := bigToLE(big.NewInt(i))
			reduced[31] |= byte(sign << 7)
			rv, rerr := new(Point).SetBytes(reduced)
			if (err == nil) != (rerr == nil) {
				t.Fatalf("y = p+%d sign %d: err %v, as y = %d: %v", i, sign, err, i, rerr)
			}
			if err == nil {
				accepted++
				if !bytes.Equal(v.Bytes(), rv.Bytes()) {
					t.Fatalf("y = p+%d: %x, as y = %d: %x", i, v.Bytes(), i, rv.Bytes())
				}
				// The canonical encoding of the same point is accepted by
				// both decoders.
				if _, err := new(Point).SetCanonicalBytes(v.Bytes()); err != nil && v.x.Equal(feZero) == 0 {
					t.Fatalf("canonical re-encoding rejected: %x", v.Bytes())
				}
			}
		}
	}
	if accepted == 0 {
		t.Fatal("no non-canonical y decoded: the test lost its teeth")
	}
}

func TestDecodeBadLengths(t *testing.T) {
	for _, n := range []int{0, 1, 31, 33, 64} {
		b := make([]byte, n)
		if n > 0 {
			b[0] = 1
		}
		p := NewGeneratorPoint()
		if r, err := p.SetBytes(b); err == nil || r != nil {
			t.Errorf("SetBytes accepted %d bytes", n)
		}
		if r, err := p.SetCanonicalBytes(b); err == nil || r != nil {
			t.Errorf("SetCanonicalBytes accepted %d bytes", n)
		}
		if p.Equal(NewGeneratorPoint()) != 1 {
			t.Error("receiver modified on error")
		}
	}
}

func TestExtendedCoordinates(t *testing.T) {
	p := randPoint(t)
	p.Add(p, NewIdentityPoint()) // Z ≠ 1
	X, Y, Z, T := p.ExtendedCoordinates()
	q, err := new(Point).SetExtendedCoordinates(X, Y, Z, T)
	if err != nil || q.Equal(p) != 1 {
		t.Fatal("ExtendedCoordinates round trip")
	}
	T.Add(T, feOne)
	if _, err := new(Point).SetExtendedCoordinates(X, Y, Z, T); err == nil {
		t.Fatal("accepted inconsistent T")
	}
}
