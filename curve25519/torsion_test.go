package curve25519

import (
	"crypto/rand"
	"math/big"
	"testing"
)

// Tests of the quartic-character subgroup test (quarticTest, behind
// IsTorsionFree): its constants and derivation redone with math/big, and
// agreement with ℓ·v on every kind of input.

var (
	tqP     = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	tqA     = big.NewInt(486662)
	tqE     = big.NewInt(486664) // A + 2
	tqQuart = new(big.Int).Rsh(new(big.Int).Sub(tqP, big.NewInt(1)), 2)
	tqHalf  = new(big.Int).Rsh(new(big.Int).Sub(tqP, big.NewInt(1)), 1)
)

func tqBig(v *fieldElement) *big.Int {
	b := v.Bytes()
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

// mod reduces x into [0, p).
func tqMod(x *big.Int) *big.Int { return x.Mod(x, tqP) }

func tqMul(xs ...*big.Int) *big.Int {
	r := big.NewInt(1)
	for _, x := range xs {
		r.Mul(r, x)
		tqMod(r)
	}
	return r
}

func tqInv(x *big.Int) *big.Int { return new(big.Int).ModInverse(x, tqP) }

func tqSub(x, y *big.Int) *big.Int { return tqMod(new(big.Int).Sub(x, y)) }

func tqAdd(x, y *big.Int) *big.Int { return tqMod(new(big.Int).Add(x, y)) }

// tqChi4 returns x^((p-1)/4) mod p.
func tqChi4(x *big.Int) *big.Int { return new(big.Int).Exp(x, tqQuart, tqP) }

func tqIsSquare(x *big.Int) bool {
	return new(big.Int).Exp(x, tqHalf, tqP).Cmp(big.NewInt(1)) == 0
}

// tqSqrtM1 is 2^((p-1)/4), a square root of -1.
var tqSqrtM1 = new(big.Int).Exp(big.NewInt(2), tqQuart, tqP)

func TestQuarticTestConstants(t *testing.T) {
	sigma := tqBig(feTorsionSigma)
	if tqMul(sigma, sigma).Cmp(tqE) != 0 {
		t.Fatal("σ² != A+2")
	}
	if sigma.Bit(0) != 0 {
		t.Fatal("σ is odd")
	}
	c := tqBig(feTorsionC)
	if tqMul(c, c).Cmp(tqSub(big.NewInt(0), tqE)) != 0 {
		t.Fatal("c² != -(A+2)")
	}
	lambda := tqBig(feTorsionLambda)
	if lambda.Cmp(tqAdd(sigma, big.NewInt(2))) != 0 {
		t.Fatal("λ != σ+2")
	}
	// X0 = σ(σ+2) must be a non-square for t(X0, K) = 1.
	if tqIsSquare(tqMul(sigma, lambda)) {
		t.Fatal("σ(σ+2) is a square")
	}
	// target = χ4(-2(A+2))^-1, which is sqrt(-1).
	z := tqSub(big.NewInt(0), tqMul(big.NewInt(2), tqE))
	want := tqInv(tqChi4(z))
	if got := tqBig(feTorsionTarget); got.Cmp(want) != 0 || got.Cmp(tqSqrtM1) != 0 {
		t.Fatalf("target %v, want %v (= sqrt(-1) %v)", got, want, tqSqrtM1)
	}
	if feTorsionTarget.Equal(feSqrtM1) != 1 {
		t.Fatal("target != feSqrtM1")
	}
}

// tqAffine is a point of a curve η² = ξ³ + a·ξ² + b·ξ over math/big;
// inf marks the point at infinity.
type tqAffine struct {
	x, y *big.Int
	inf  bool
}

func tqAdd2(P, Q tqAffine, a, b *big.Int) tqAffine {
	if P.inf {
		return Q
	}
	if Q.inf {
		return P
	}
	var lam *big.Int
	if P.x.Cmp(Q.x) == 0 {
		if tqAdd(P.y, Q.y).Sign() == 0 {
			return tqAffine{inf: true}
		}
		// (3x² + 2a·x + b) / 2y
		num := tqAdd(tqAdd(tqMul(big.NewInt(3), P.x, P.x), tqMul(big.NewInt(2), a, P.x)), b)
		lam = tqMul(num, tqInv(tqMul(big.NewInt(2), P.y)))
	} else {
		lam = tqMul(tqSub(Q.y, P.y), tqInv(tqSub(Q.x, P.x)))
	}
	x3 := tqSub(tqSub(tqSub(tqMul(lam, lam), a), P.x), Q.x)
	y3 := tqSub(tqMul(lam, tqSub(P.x, x3)), P.y)
	return tqAffine{x: x3, y: y3}
}

func tqOnCurve(P tqAffine, a, b *big.Int) bool {
	rhs := tqAdd(tqAdd(tqMul(P.x, P.x, P.x), tqMul(a, P.x, P.x)), tqMul(b, P.x))
	return tqMul(P.y, P.y).Cmp(rhs) == 0
}

// TestQuarticTestDerivation redoes quarticTest's derivation with math/big
// on affine Montgomery points: the isogenous curve M', the preimage under
// φ̂ (both of them), X0 and the tangent slope, the pairing value on both
// preimages, and the decision, against ℓ·P, for points in every coset of
// 8E that is in 2E.
func TestQuarticTestDerivation(t *testing.T) {
	bPrime := tqSub(tqMul(tqA, tqA), big.NewInt(4)) // A² - 4
	aPrime := tqSub(big.NewInt(0), tqMul(big.NewInt(2), tqA))
	sigma := tqBig(feTorsionSigma)
	lambda := tqBig(feTorsionLambda)
	c := tqBig(feTorsionC)
	one := big.NewInt(1)

	// X0 = (σ(σ+2), λ·(X0 - A - 2)) is on M' and 2·X0 = (A+2, 0).
	x0 := tqMul(sigma, tqAdd(sigma, big.NewInt(2)))
	X0 := tqAffine{x: x0, y: tqMul(lambda, tqSub(x0, tqE))}
	if !tqOnCurve(X0, aPrime, bPrime) {
		t.Fatal("X0 not on M'")
	}
	if d := tqAdd2(X0, X0, aPrime, bPrime); d.inf || d.x.Cmp(tqE) != 0 || d.y.Sign() != 0 {
		t.Fatal("2·X0 != (A+2, 0)")
	}
	// f(Q) = (η - λ(ξ - e))² / (ξ - e), the pairing value χ4(f(Q)).
	pairing := func(Q tqAffine) *big.Int {
		l := tqSub(Q.y, tqMul(lambda, tqSub(Q.x, tqE)))
		return tqChi4(tqMul(l, l, tqInv(tqSub(Q.x, tqE))))
	}
	if pairing(tqAffine{x: big.NewInt(0), y: big.NewInt(0)}).Cmp(one) != 0 {
		t.Fatal("t(X0, K) != 1")
	}

	T8, _ := new(Point).SetBytes(mustHex(t, smallOrderHex[1]))
	seen := map[int]bool{}
	for i := 0; i < 24; i++ {
		k := i % 8
		p := mixedOrderPoint(t, 0)
		for j := 0; j < k; j++ {
			p.Add(p, T8)
		}
		want := p.isTorsionFreeMultL()
		if (want == 1) != (k == 0) {
			t.Fatal("ℓ·P disagrees with the construction")
		}
		// Affine Edwards, then Montgomery: u = (1+y)/(1-y), v = c·u/x.
		zInv := tqInv(tqBig(&p.z))
		x, y := tqMul(tqBig(&p.x), zInv), tqMul(tqBig(&p.y), zInv)
		u := tqMul(tqAdd(one, y), tqInv(tqSub(one, y)))
		v := tqMul(c, u, tqInv(x))
		P := tqAffine{x: u, y: v}
		if !tqOnCurve(P, tqA, one) {
			t.Fatal("P not on M")
		}
		r := new(big.Int).ModSqrt(u, tqP)
		if (r != nil) != (k%2 == 0) {
			t.Fatalf("coset %d: u square = %v", k, r != nil)
		}
		if r == nil {
			continue
		}
		for _, rr := range []*big.Int{r, tqSub(big.NewInt(0), r)} {
			// ξ = (A²-4)·r / (r(A+2u) + 2v), η = 2r·ξ.
			den := tqAdd(tqMul(rr, tqAdd(tqA, tqMul(big.NewInt(2), u))), tqMul(big.NewInt(2), v))
			xi := tqMul(bPrime, rr, tqInv(den))
			Pp := tqAffine{x: xi, y: tqMul(big.NewInt(2), rr, xi)}
			if !tqOnCurve(Pp, aPrime, bPrime) {
				t.Fatal("P' not on M'")
			}
			// φ̂(P') = (η²/4ξ², η(A²-4-ξ²)/8ξ²) = P.
			inv4x2 := tqInv(tqMul(big.NewInt(4), xi, xi))
			hu := tqMul(Pp.y, Pp.y, inv4x2)
			hv := tqMul(Pp.y, tqSub(bPrime, tqMul(xi, xi)), inv4x2, tqInv(big.NewInt(2)))
			if hu.Cmp(u) != 0 || hv.Cmp(v) != 0 {
				t.Fatal("φ̂(P') != P")
			}
			got := pairing(Pp).Cmp(one) == 0
			if got != (want == 1) {
				t.Fatalf("coset %d: pairing test %v, ℓ·P says %d", k, got, want)
			}
			seen[k] = true
		}
	}
	if len(seen) != 4 {
		t.Fatalf("cosets seen: %v", seen)
	}
}

// tqRescale returns a copy of p with its coordinates scaled by a random
// non-zero factor.
func tqRescale(t testing.TB, p *Point) *Point {
	var b [64]byte
	rand.Read(b[:])
	var f fieldElement
	if _, err := f.SetWideBytes(b[:]); err != nil {
		t.Fatal(err)
	}
	if f.IsZero() == 1 {
		f.One()
	}
	q := new(Point)
	q.x.Multiply(&p.x, &f)
	q.y.Multiply(&p.y, &f)
	q.z.Multiply(&p.z, &f)
	q.t.Multiply(&p.t, &f)
	return q
}

// tqCheck compares IsTorsionFree with ℓ·p on p and on a rescaled copy,
// and returns the answer.
func tqCheck(t *testing.T, what string, p *Point) int {
	t.Helper()
	want := p.isTorsionFreeMultL()
	for _, q := range []*Point{p, tqRescale(t, p)} {
		if got := q.IsTorsionFree(); got != want {
			t.Fatalf("%s %x: IsTorsionFree = %d, ℓ·P says %d", what, p.Bytes(), got, want)
		}
	}
	return want
}

func TestIsTorsionFreeQuartic(t *testing.T) {
	smallOrder := make([]*Point, 8)
	for k, h := range smallOrderHex {
		smallOrder[k], _ = new(Point).SetBytes(mustHex(t, h))
	}
	// Every small-order point, also from its non-canonical encodings.
	for k, s := range smallOrder {
		if got := tqCheck(t, "small-order", s); got != tqInt(k == 0) {
			t.Fatalf("small-order point %d: %d", k, got)
		}
	}
	for _, h := range nonCanonicalSmallOrderHex {
		p, err := new(Point).SetBytes(mustHex(t, h))
		if err != nil {
			t.Fatal(err)
		}
		tqCheck(t, "non-canonical small-order", p)
	}
	// Random prime-order points plus each torsion point, and their
	// negations and multiples (the same cosets, other coordinates).
	for i := 0; i < 8; i++ {
		p := randPoint(t)
		for k, s := range smallOrder {
			q := new(Point).Add(p, s)
			if tqCheck(t, "P+T", q) != tqInt(k == 0) {
				t.Fatalf("P + %d·T8", k)
			}
			q.Negate(q)
			tqCheck(t, "-(P+T)", q)
			q.Double(q)
			tqCheck(t, "2(P+T)", q)
			q.Double(q)
			tqCheck(t, "4(P+T)", q)
		}
	}
	// Every coset of 8E for points decoded from random bytes (any coset
	// to start with): exactly one of Q + k·T8 is torsion-free.
	for i := 0; i < 4; i++ {
		q := tqDecoded(t, false)
		n := 0
		for _, s := range smallOrder {
			n += tqCheck(t, "Q+T", new(Point).Add(q, s))
		}
		if n != 1 {
			t.Fatalf("%d of the 8 cosets of %x torsion-free", n, q.Bytes())
		}
	}
	// Points decoded from random bytes, both policies.
	for _, strict := range []bool{false, true} {
		seen := [2]int{}
		for i := 0; i < 64; i++ {
			q := tqDecoded(t, strict)
			seen[tqCheck(t, "decoded", q)]++
			q.MultByCofactor(q)
			if tqCheck(t, "8·decoded", q) != 1 {
				t.Fatal("8·Q not torsion-free")
			}
		}
		if seen[0] == 0 || seen[1] == 0 {
			t.Logf("decoded points: %v (torsion-free or not)", seen)
		}
	}
}

func tqInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tqDecoded returns a point decoded from random bytes, with SetBytes or
// SetCanonicalBytes.
func tqDecoded(t testing.TB, strict bool) *Point {
	var enc [32]byte
	for {
		rand.Read(enc[:])
		var err error
		p := new(Point)
		if strict {
			_, err = p.SetCanonicalBytes(enc[:])
		} else {
			_, err = p.SetBytes(enc[:])
		}
		if err == nil {
			return p
		}
	}
}
