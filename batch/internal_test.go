package batch

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
)

// TestDecodeAgreement checks extPoint.setBytes against curve25519's
// SetBytes (lenient) and SetCanonicalBytes (strict) on random strings,
// random points, and every encoding with y < 19 or y > p − 19, either sign.
func TestDecodeAgreement(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	var inputs [][32]byte
	for y := 0; y < 19; y++ {
		var b [32]byte
		b[0] = byte(y)
		inputs = append(inputs, b)
		// p + y, and p − 1 − y.
		hi := [32]byte{0xed + byte(y)}
		lo := [32]byte{0xec - byte(y)}
		for i := 1; i < 31; i++ {
			hi[i], lo[i] = 0xff, 0xff
		}
		hi[31], lo[31] = 0x7f, 0x7f
		inputs = append(inputs, hi, lo)
	}
	for i := 0; i < 300; i++ {
		var b [32]byte
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		inputs = append(inputs, b)
		var s [64]byte
		copy(s[:], b[:])
		k, _ := new(curve25519.Scalar).SetUniformBytes(s[:])
		p := new(curve25519.Point).ScalarBaseMult(k)
		inputs = append(inputs, [32]byte(p.Bytes()))
	}
	n := len(inputs)
	for i := 0; i < n; i++ {
		b := inputs[i]
		b[31] ^= 0x80
		inputs = append(inputs, b)
	}
	for _, b := range inputs {
		for _, strict := range []bool{false, true} {
			var q extPoint
			got := q.setBytes(&b, strict)
			var p *curve25519.Point
			var err error
			if strict {
				p, err = new(curve25519.Point).SetCanonicalBytes(b[:])
			} else {
				p, err = new(curve25519.Point).SetBytes(b[:])
			}
			if got != (err == nil) {
				t.Fatalf("%x strict=%v: ours %v, curve25519 %v", b, strict, got, err)
			}
			if got && !sameCurvePoint(t, &q, p) {
				t.Fatalf("%x strict=%v: different points", b, strict)
			}
		}
	}
}

func toCurve(t testing.TB, v *extPoint) *curve25519.Point {
	t.Helper()
	p, err := new(curve25519.Point).SetExtendedCoordinates(&v.X, &v.Y, &v.Z, &v.T)
	if err != nil {
		t.Fatalf("not a point: %v", err)
	}
	return p
}

func sameCurvePoint(t testing.TB, v *extPoint, p *curve25519.Point) bool {
	return toCurve(t, v).Equal(p) == 1
}

func wordsToBig(x *scalarWords) *big.Int {
	var b [40]byte
	for i := 0; i < 5; i++ {
		binary.BigEndian.PutUint64(b[32-8*i:], x[i])
	}
	return new(big.Int).SetBytes(b[:])
}

// TestRecoding checks that the NAF and the signed radix digits add up to
// the scalar (math/big) and respect their digit bounds, on random and edge
// scalars below 2^253.
func TestRecoding(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var xs []scalarWords
	xs = append(xs, scalarWords{}, scalarWords{1}, scalarWords{0, 0, 0, 1 << 60},
		scalarWords{^uint64(0), ^uint64(0), ^uint64(0), 1<<61 - 1},
		scalarWords{0x5555555555555555, 0x5555555555555555, 0x5555555555555555, 0x1555555555555555})
	for i := 0; i < 500; i++ {
		x := scalarWords{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64() >> (3 + rng.IntN(64))}
		if i%2 == 0 {
			x[2], x[3] = 0, 0 // 128-bit, as the coefficients
		}
		xs = append(xs, x)
	}
	for _, x := range xs {
		want := wordsToBig(&x)
		var digits [256]int8
		top := naf(&digits, &x)
		sum := new(big.Int)
		last := -100
		for i := 255; i >= 0; i-- {
			d := digits[i]
			if d != 0 {
				if d%2 == 0 || d > 15 || d < -15 {
					t.Fatalf("bad NAF digit %d", d)
				}
				if last >= 0 && last-i < nafWidth {
					t.Fatalf("NAF digits too close: %d, %d", last, i)
				}
				if last == -100 && i != top {
					t.Fatalf("top %d, first digit at %d", top, i)
				}
				last = i
			}
			sum.Lsh(sum, 1)
			sum.Add(sum, big.NewInt(int64(d)))
		}
		if sum.Cmp(want) != 0 {
			t.Fatalf("NAF of %v sums to %v", want, sum)
		}
		for c := uint(4); c <= 12; c++ {
			nd := int((254 + c - 1) / c)
			out := make([]int16, nd)
			radix(out, 1, &x, c, nd)
			sum := new(big.Int)
			for k := nd - 1; k >= 0; k-- {
				if out[k] > 1<<(c-1) || out[k] < -(1<<(c-1)) {
					t.Fatalf("c=%d: digit %d out of range", c, out[k])
				}
				sum.Lsh(sum, c)
				sum.Add(sum, big.NewInt(int64(out[k])))
			}
			if sum.Cmp(want) != 0 {
				t.Fatalf("c=%d: radix digits of %v sum to %v", c, want, sum)
			}
		}
	}
}

// TestMSM checks the multi-scalar multiplication, both methods and several
// window widths, against curve25519.VarTimeMultiScalarMult.
func TestMSM(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, n := range []int{1, 2, 3, 9, 40, 130} {
		var sc msmScratch
		sc.words = make([]scalarWords, n)
		sc.bits = make([]int, n)
		sc.points = make([]*extPoint, n)
		pts := make([]extPoint, n)
		cs := make([]*curve25519.Scalar, n)
		cp := make([]*curve25519.Point, n)
		for i := 0; i < n; i++ {
			var b [64]byte
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
			if i%2 == 1 {
				clear(b[16:]) // a 128-bit coefficient
				sc.bits[i] = 128
			} else {
				sc.bits[i] = 253
			}
			s, _ := new(curve25519.Scalar).SetUniformBytes(b[:])
			var e scalar
			e.SetCanonicalBytes(s.Bytes())
			sc.words[i].set(&e)
			var pb [64]byte
			for j := range pb {
				pb[j] = byte(rng.Uint32())
			}
			k, _ := new(curve25519.Scalar).SetUniformBytes(pb[:])
			P := new(curve25519.Point).ScalarBaseMult(k)
			if i%3 == 0 { // some torsion, as in adversarial R and A
				P.Add(P, mustPoint(t, smallOrderEncodings[1+i%7][:]))
			}
			if i == 0 && n > 2 {
				sc.points[i] = &basepointExt
				P = curve25519.NewGeneratorPoint()
			} else {
				pts[i].fromCurve(P)
				pts[i].normalize()
				sc.points[i] = &pts[i]
			}
			cs[i], cp[i] = s, P
		}
		want := new(curve25519.Point).VarTimeMultiScalarMult(cs, cp)
		var V extPoint
		sc.straus(&V, n)
		if !sameCurvePoint(t, &V, want) {
			t.Fatalf("n=%d: Straus differs", n)
		}
		for _, c := range []uint{4, 5, 7, 9} {
			sc.pippenger(&V, n, c)
			if !sameCurvePoint(t, &V, want) {
				t.Fatalf("n=%d: Pippenger c=%d differs", n, c)
			}
		}
		sc.msm(&V, n)
		if !sameCurvePoint(t, &V, want) {
			t.Fatalf("n=%d: msm differs", n)
		}
	}
}

// TestPointOps checks the private point arithmetic against curve25519.
func TestPointOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for i := 0; i < 20; i++ {
		var b [64]byte
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		k, _ := new(curve25519.Scalar).SetUniformBytes(b[:])
		P := new(curve25519.Point).ScalarBaseMult(k)
		Q := mustPoint(t, smallOrderEncodings[i%8][:])
		Q.Add(Q, P).Add(Q, P)
		var p, q, r extPoint
		p.fromCurve(P)
		q.fromCurve(Q)
		r.addExt(&p, &q)
		if !sameCurvePoint(t, &r, new(curve25519.Point).Add(P, Q)) {
			t.Fatal("add")
		}
		r.subExt(&p, &q)
		if !sameCurvePoint(t, &r, new(curve25519.Point).Subtract(P, Q)) {
			t.Fatal("sub")
		}
		r = q
		r.negate()
		if !sameCurvePoint(t, &r, new(curve25519.Point).Negate(Q)) {
			t.Fatal("negate")
		}
		if q.isSmallOrder() != (Q.IsSmallOrder() == 1) || q.isTorsionFree() != (Q.IsTorsionFree() == 1) {
			t.Fatal("order tests")
		}
		r = q
		r.normalize()
		if !sameCurvePoint(t, &r, Q) || r.Z.Equal(feOne) != 1 {
			t.Fatal("normalize")
		}
		var ac affineCached
		var c completedPoint
		ac.fromAffine(&r)
		c.addAffine(&p, &ac)
		var s extPoint
		s.fromCompleted(&c)
		if !sameCurvePoint(t, &s, new(curve25519.Point).Add(P, Q)) {
			t.Fatal("addAffine")
		}
		c.subAffine(&p, &ac)
		s.fromCompleted(&c)
		if !sameCurvePoint(t, &s, new(curve25519.Point).Subtract(P, Q)) {
			t.Fatal("subAffine")
		}
		var t8 extPoint
		t8.fromCurve(mustPoint(t, smallOrderEncodings[i%8][:]))
		if !t8.isSmallOrder() {
			t.Fatal("small-order point not detected")
		}
	}
}
