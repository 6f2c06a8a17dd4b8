package curve25519_test

import (
	"bytes"
	"math/big"
	"testing"

	fed "filippo.io/edwards25519"
	circl "github.com/cloudflare/circl/dh/x25519"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/xdhtest"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
	voix "github.com/oasisprotocol/curve25519-voi/primitives/x25519"
)

// The peer halves of tests whose internal halves stay in the library: each
// names the library test it completes.

// TestX25519FixedBase (the library's checks the fixed-base path against the
// ladder and crypto/ecdh): the drop-in ScalarBaseMult against voi's Edwards
// table and circl's key-generation ladder.
func TestX25519FixedBase(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 20
	}
	scalars, _ := x25519EdgeInputs(t)
	for i := 0; i < n; i++ {
		scalars = append(scalars, xdhtest.Random(t, 32))
	}
	for _, k := range scalars {
		var got, vd, vk [32]byte
		copy(vk[:], k)
		curve25519.ScalarBaseMult(&got, &vk)
		voix.ScalarBaseMult(&vd, &vk)
		if vd != got {
			t.Errorf("scalar %x: ScalarBaseMult %x, voi ScalarBaseMult %x", k, got, vd)
		}
		var cp, cs circl.Key
		copy(cs[:], k)
		circl.KeyGen(&cp, &cs)
		if cp != got {
			t.Errorf("scalar %x: ScalarBaseMult %x, circl KeyGen %x", k, got, cp)
		}
	}
}

// TestNonCanonicalY (the library's checks y ∈ [p, 2^255) against y − p):
// the lenient decoder agrees with filippo's, which reduces y.
func TestNonCanonicalY(t *testing.T) {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	accepted := 0
	for i := int64(0); i < 19; i++ {
		for sign := 0; sign < 2; sign++ {
			enc := bigToLE(new(big.Int).Add(p, big.NewInt(i)))
			enc[31] |= byte(sign << 7)
			v, err := new(curve25519.Point).SetBytes(enc)
			fv, ferr := new(fed.Point).SetBytes(enc)
			if (err == nil) != (ferr == nil) {
				t.Fatalf("y = p+%d sign %d: err %v, filippo %v", i, sign, err, ferr)
			}
			if err == nil {
				accepted++
				if !bytes.Equal(v.Bytes(), fv.Bytes()) {
					t.Fatalf("y = p+%d: %x vs filippo %x", i, v.Bytes(), fv.Bytes())
				}
			}
		}
	}
	if accepted == 0 {
		t.Fatal("no non-canonical y decoded: the test lost its teeth")
	}
}

// peerMSM returns filippo's and voi's VarTimeMultiScalarMult of the same
// inputs, and their constant-time MultiScalarMult if ct.
func peerMSM(t *testing.T, scalars []*curve25519.Scalar, points []*curve25519.Point, ct bool) [][]byte {
	fs := make([]*fed.Scalar, len(points))
	fp := make([]*fed.Point, len(points))
	vs := make([]*voiscalar.Scalar, len(points))
	vp := make([]*voi.EdwardsPoint, len(points))
	for i := range points {
		fs[i] = fedScalarFrom(t, scalars[i].Bytes())
		vs[i] = voiScalarFrom(t, scalars[i].Bytes())
		_, fp[i], vp[i] = pointsFromBytes(t, points[i].Bytes())
	}
	var vr voi.EdwardsPoint
	if ct {
		return [][]byte{new(fed.Point).MultiScalarMult(fs, fp).Bytes(), voiBytes(vr.MultiscalarMul(vs, vp))}
	}
	return [][]byte{new(fed.Point).VarTimeMultiScalarMult(fs, fp).Bytes(), voiBytes(vr.MultiscalarMulVartime(vs, vp))}
}

// TestMultiScalarMult (the library's checks every method against the naive
// sum): VarTimeMultiScalarMult and MultiScalarMult against filippo's and
// voi's, with mixed-order points among the inputs.
func TestMultiScalarMult(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 7, 16, 33} {
		scalars, points := randInputs(t, n)
		checkSame(t, "peers", new(curve25519.Point).VarTimeMultiScalarMult(scalars, points), peerMSM(t, scalars, points, false)...)
		if n <= 16 {
			checkSame(t, "peers CT", new(curve25519.Point).MultiScalarMult(scalars, points), peerMSM(t, scalars, points, true)...)
		}
	}
}

// TestVarTimeMultiScalarMultShapes (the library's checks both methods and
// every window width against the naive sum): VarTimeMultiScalarMult against
// filippo's on the batch-verification shapes.
func TestVarTimeMultiScalarMultShapes(t *testing.T) {
	ms := []int{0, 1, 4, 20}
	if !testing.Short() {
		ms = append(ms, 90, 300)
	}
	for _, m := range ms {
		scalars, points := batchShapeInputs(t, m)
		want := peerMSM(t, scalars, points, false)
		checkSame(t, "VarTimeMultiScalarMult", new(curve25519.Point).VarTimeMultiScalarMult(scalars, points), want[0])
	}
}

// TestIsTorsionFree (the library's checks against ℓ·P by double-and-add):
// IsTorsionFree against voi's on points with every torsion component.
func TestIsTorsionFree(t *testing.T) {
	for i := 0; i < 64; i++ {
		k := i % 8
		p := mixedOrderPoint(t, k)
		_, _, vp := pointsFromBytes(t, p.Bytes())
		if (p.IsTorsionFree() == 1) != vp.IsTorsionFree() || vp.IsTorsionFree() != (k == 0) {
			t.Fatalf("P + T%d: IsTorsionFree %d, voi %v", k, p.IsTorsionFree(), vp.IsTorsionFree())
		}
	}
}
