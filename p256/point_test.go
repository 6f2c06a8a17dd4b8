package p256

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
)

//lint:file-ignore SA1019 crypto/elliptic is the independent reference these tests compare with.

// doubleN sets p = 2^n·p through Jacobian coordinates, as the
// multiplications do.
func (p *point) doubleN(n int) *point {
	var j jacobianPoint
	j.fromProjective(p)
	for range n {
		j.double(&j)
	}
	return p.fromJacobian(&j)
}

func TestDoubleN(t *testing.T) {
	p := mustPoint(t, refBytes(refPoint(t, big.NewInt(77))))
	for _, n := range []int{0, 1, 2, 4, 9} {
		var want point
		want.set(p)
		for range n {
			want.double(&want)
		}
		var got point
		got.set(p).doubleN(n)
		if got.equal(&want) != 1 {
			t.Errorf("doubleN(%d) wrong", n)
		}
		// From a projective point with Z ≠ 1.
		var q, wq point
		q.double(p)
		wq.set(&q)
		for range n {
			wq.double(&wq)
		}
		if q.doubleN(n).equal(&wq) != 1 {
			t.Errorf("doubleN(%d) of 2P wrong", n)
		}
	}
	var id point
	id.setIdentity()
	id.doubleN(4)
	if id.isIdentity() != 1 || id.y.IsZero() == 1 {
		t.Error("doubleN of the identity is not (0:Y:0) with Y ≠ 0")
	}
	// And it still behaves as the identity in an addition.
	if got := ourBytes(new(point).add(&id, p)); !bytes.Equal(got, ourBytes(p)) {
		t.Error("O (after doubleN) + P ≠ P")
	}
}

// scanImpl is one implementation of lookupAffine32 and lookupAffine8.
type scanImpl struct {
	name string
	l32  func(*affinePoint, *[32]affinePoint, int)
	l8   func(*affinePoint, *[8]affinePoint, int)
}

// p256Scans are the implementations under test: as built, the Go word
// scans, and the AVX2 scans where the CPU has AVX2 (and the build has
// them).
func p256Scans(t *testing.T) []scanImpl {
	impls := []scanImpl{{"lookup", lookupAffine32, lookupAffine8}, {"go", lookupAffine32Go, lookupAffine8Go}}
	if haveAVX2 {
		impls = append(impls, scanImpl{"avx2", lookupAffine32AVX2, lookupAffine8AVX2})
	} else {
		t.Log("no AVX2 scans in this build or on this CPU: testing the Go scans only")
	}
	return impls
}

func TestLookupMatchesTables(t *testing.T) {
	tab := baseTable()
	for _, impl := range p256Scans(t) {
		for _, j := range []int{0, 3, basePositions - 1} {
			for idx := 0; idx <= baseEntries; idx++ {
				var a, b affinePoint
				a = tab[j][7] // overwritten whatever it held
				impl.l32(&a, &tab[j], idx)
				b = tab[j][0] // index 0 gives the first entry
				if idx > 0 {
					b = tab[j][idx-1]
				}
				if a.x.Equal(&b.x) != 1 || a.y.Equal(&b.y) != 1 {
					t.Fatalf("%s: row %d: lookupAffine32(%d) is not entry %d", impl.name, j, idx, max(idx-1, 0))
				}
			}
		}
		// scalarMult's 8-entry scan: index 0 gives the first entry.
		row := (*[8]affinePoint)(tab[5][:8])
		for idx := 0; idx <= 8; idx++ {
			var a, b affinePoint
			a = row[3] // overwritten whatever it held
			impl.l8(&a, row, idx)
			b = row[0]
			if idx > 0 {
				b = row[idx-1]
			}
			if a.x.Equal(&b.x) != 1 || a.y.Equal(&b.y) != 1 {
				t.Fatalf("%s: lookupAffine8(%d) is not entry %d", impl.name, idx, idx-1)
			}
		}
	}
}

func TestJacobianAddExceptional(t *testing.T) {
	p := mustPoint(t, refBytes(refPoint(t, big.NewInt(5))))
	want2 := refBytes(refPoint(t, big.NewInt(10)))
	var jp, jn, jid, r jacobianPoint
	jp.fromProjective(new(point).double(p)).double(&jp) // 4P, Z ≠ 1
	p4 := refBytes(refPoint(t, big.NewInt(20)))
	if got := ourBytes(new(point).fromJacobian(&jp)); !bytes.Equal(got, p4) {
		t.Fatal("Jacobian round trip")
	}
	jp.fromProjective(p)
	jn = jp
	jn.y.Negate(&jn.y)
	jid.z.Zero()
	aff := affinePoint{p.x, p.y}
	naff := affinePoint{p.x, *new(fieldp256.Element).Negate(&p.y)}
	check := func(name string, got *jacobianPoint, want []byte) {
		t.Helper()
		if b := ourBytes(new(point).fromJacobian(got)); !bytes.Equal(b, want) {
			t.Errorf("%s = %x, want %x", name, b, want)
		}
	}
	check("P+P", r.varTimeAdd(&jp, &jp), want2)
	check("P+(−P)", r.varTimeAdd(&jp, &jn), nil)
	check("O+P", r.varTimeAdd(&jid, &jp), ourBytes(p))
	check("P+O", r.varTimeAdd(&jp, &jid), ourBytes(p))
	check("O+O", r.varTimeAdd(&jid, &jid), nil)
	check("P+aff(P)", r.varTimeAddAffine(&jp, &aff), want2)
	check("P+aff(−P)", r.varTimeAddAffine(&jp, &naff), nil)
	check("O+aff(P)", r.varTimeAddAffine(&jid, &aff), ourBytes(p))
	check("2O", r.double(&jid), nil)
	// Generic case with both Z ≠ 1: 2P + 3P.
	var a, b jacobianPoint
	a.fromProjective(new(point).double(p))
	b.fromProjective(new(point).add(new(point).double(p), p))
	check("2P+3P", r.varTimeAdd(&a, &b), refBytes(refPoint(t, big.NewInt(25))))
	check("2P+aff(P)", r.varTimeAddAffine(&a, &aff), refBytes(refPoint(t, big.NewInt(15))))
}

// TestScalarBaseMultDigitPatterns runs both constant-time multiplications on
// scalars whose low or high radix-2^6 digits are zero (the accumulator is
// the identity for many positions, or the last positions add nothing) and
// on sums of two adjacent digits, against crypto/elliptic.
func TestScalarBaseMultDigitPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	max := new(big.Int).Lsh(big.NewInt(1), 256)
	var ks []*big.Int
	for m := uint(0); m <= 43; m++ {
		v := randScalar(r)
		ks = append(ks, new(big.Int).Mod(new(big.Int).Lsh(v, 6*m), max), new(big.Int).Rsh(v, 6*m))
		// One nonzero digit at position m, with either sign pattern.
		d := new(big.Int).Lsh(big.NewInt(int64(1+r.IntN(32))), 6*m)
		d.Mod(d, max)
		ks = append(ks, d, new(big.Int).Mod(new(big.Int).Neg(d), orderN), new(big.Int).Mod(new(big.Int).Sub(d, big.NewInt(1)), max))
	}
	for i := int64(1); i <= 20; i++ { // n ± small: the last addition wraps
		ks = append(ks, new(big.Int).Add(orderN, big.NewInt(i)), new(big.Int).Sub(orderN, big.NewInt(i)),
			new(big.Int).Add(orderN, big.NewInt(16*i)), new(big.Int).Sub(orderN, big.NewInt(16*i)))
	}
	qx, qy := refPoint(t, big.NewInt(31337))
	q := mustPoint(t, refBytes(qx, qy))
	for _, k := range ks {
		var p point
		km := new(big.Int).Mod(k, orderN)
		p.scalarBaseMult(scalarOf(k))
		want := refBytes(refCurve.ScalarBaseMult(km.Bytes()))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("scalarBaseMult(%x) = %x, want %x", k, got, want)
		}
		p.scalarMult(scalarOf(k), q)
		want = refBytes(refCurve.ScalarMult(qx, qy, km.Bytes()))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("scalarMult(%x) = %x, want %x", k, got, want)
		}
	}
}
