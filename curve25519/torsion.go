package curve25519

// IsSmallOrder returns 1 if v is of small order (8·v is the identity: v is
// one of the eight points of the torsion subgroup), and 0 otherwise. It is
// constant time.
func (v *Point) IsSmallOrder() int {
	var p Point
	p.MultByCofactor(v)
	// 8·v has x = 0 only if it is the identity (the only other point with
	// x = 0, (0, -1), has order 2 and is not a multiple of 8).
	return p.x.Equal(feZero)
}

// IsTorsionFree returns 1 if v is in the prime-order subgroup (ℓ·v is the
// identity), and 0 otherwise. It is constant time.
//
// The group is cyclic of order 8ℓ, so v is in the subgroup of order ℓ
// exactly when v = 8·w for some w, that is when v can be halved three
// times. The test follows that idea (point halving, Pornin 2022) with four
// square-root-or-Legendre exponentiations instead of ℓ·v's 253 doublings;
// see halvingTest for the derivation. isTorsionFreeMultL is the plain ℓ·v
// check it is tested and benchmarked against.
func (v *Point) IsTorsionFree() int {
	return v.halvingTest()
}

// Constants of halvingTest.
var (
	// feOnePlusD is 1 + d, a square.
	feOnePlusD = new(fieldElement).Add(feOne, feD)
	// feHalvingC is sqrt(-i/d) with i = sqrt(-1): -i/d is a square.
	feHalvingC = func() *fieldElement {
		var mi fieldElement
		mi.Negate(feSqrtM1)
		c, wasSquare := new(fieldElement).SqrtRatio(&mi, feD)
		if wasSquare != 1 {
			panic("curve25519: -i/d is not a square")
		}
		return c
	}()
)

// halvingTest decides v ∈ 8E with square roots and quadratic characters χ.
//
// For P = (x, y) with x ≠ 0, on -x² + y² = 1 + d·x²·y²:
//
//  1. P ∈ 2E iff its Montgomery u = (1+y)/(1-y) is a square (the 2-descent
//     map u mod squares has kernel 2E on this cyclic group), iff
//     1 - y² = -x²·(1 + d·y²) is, iff t = (1+d)·(1 + d·y²) is (-1 and 1+d
//     are squares).
//  2. A half Q = (x', y') of P has Y = y'² solving, from the doubling
//     formula y = (y'² + x'²)/(2 - y'² + x'²),
//     d(1+y)·Y² + 2(1 - d·y)·Y - (1+y) = 0, with discriminant 4t, so
//     Y± = (-(1 - d·y) ± sqrt(t)) / (d·(1+y)). Y+·Y- = -1/d is not a
//     square, so exactly one root is y'² of a rational half: y' = sqrt(Y+)
//     if Y+ is a square, else y' = sqrt(Y-) = c / sqrt(i·Y+) with c =
//     sqrt(-i/d), sqrt(i·Y+) being what SqrtRatio returns for a non-square.
//  3. Q ∈ 2E iff t' = (1+d)·(1 + d·y'²) is a square (step 1 for Q).
//  4. A half R of Q is in 2E iff 1 + d·y_R² is a square, and
//     1 + d·Y'± = (y'·(1+d) ± sqrt(t')) / (1 + y'), where both signs give
//     the same character; so R ∈ 2E iff ((1+d)·y' + sqrt(t'))·(1 + y') is
//     a square.
//
// The halves at each step differ by (0, -1), which is in 2E, so the
// answers do not depend on which half is taken. P ∈ 8E iff the three
// tests pass. With y = Y/Z and y' = n/m kept as fractions (multiplying by
// squares of denominators does not change a character) no inversion is
// needed. No denominator vanishes when x ≠ 0 (1 + y = 0 only for (0, -1);
// N = 0 would make Q of order 4 and P = (0, -1); 1 + y' = 0 would make
// P = O); the two points with x = 0, O and (0, -1), are decided directly.
func (v *Point) halvingTest() int {
	var t, u, w, sP, N, D, r, n, m, sQ, L fieldElement

	// Step 1: sP = sqrt((1+d)(Z² + d·Y²) / Z²).
	var ZZ, YY fieldElement
	ZZ.Square(&v.z)
	YY.Square(&v.y)
	t.Multiply(feD, &YY).Add(&t, &ZZ).Multiply(&t, feOnePlusD)
	_, inTwoE := sP.SqrtRatio(&t, &ZZ)

	// Step 2: Y+ = N/D with N = sP·Z - Z + d·Y, D = d·(Z + Y).
	N.Multiply(&sP, &v.z).Subtract(&N, &v.z)
	u.Multiply(feD, &v.y)
	N.Add(&N, &u)
	D.Add(&v.z, &v.y).Multiply(&D, feD)
	_, plusIsSquare := r.SqrtRatio(&N, &D)
	// y' = n/m: (r, 1) if Y+ is a square, else (c, r).
	n.Select(&r, feHalvingC, plusIsSquare)
	m.Select(feOne, &r, plusIsSquare)

	// Step 3: sQ = sqrt((1+d)(m² + d·n²) / m²).
	var mm, nn fieldElement
	mm.Square(&m)
	nn.Square(&n)
	w.Multiply(feD, &nn).Add(&w, &mm).Multiply(&w, feOnePlusD)
	_, halfInTwoE := sQ.SqrtRatio(&w, &mm)

	// Step 4: L = ((1+d)·n + sQ·m)·(m + n), the character of
	// (y'(1+d) + sQ)(1 + y') times the square m².
	L.Multiply(feOnePlusD, &n)
	u.Multiply(&sQ, &m)
	L.Add(&L, &u)
	u.Add(&m, &n)
	L.Multiply(&L, &u)
	var ignored fieldElement
	_, quarterInTwoE := ignored.SqrtRatio(&L, feOne)

	generic := inTwoE & halfInTwoE & quarterInTwoE
	// x = 0: torsion-free iff it is the identity (y = 1).
	xZero := v.x.Equal(feZero)
	identity := v.y.Equal(&v.z)
	return (xZero & identity) | ((1 ^ xZero) & generic)
}

// scalarL is ℓ in little-endian, the order of the prime-order subgroup.
var scalarL = [32]byte{
	0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10}

// isTorsionFreeMultL is the plain test: ℓ·v is the identity.
func (v *Point) isTorsionFreeMultL() int {
	var p Point
	p.multByL(v)
	return p.x.Equal(feZero) & p.y.Equal(&p.z)
}

// multByL sets v = ℓ·p with a fixed chain: the width-5 NAF of the public
// constant ℓ, so the sequence of operations never depends on p.
func (v *Point) multByL(p *Point) *Point {
	var t [1 << (nafWindow - 2)]projCached
	oddMultiplesTable(t[:], p)
	var pp projP2
	var r projP1xP1
	var acc Point
	pp.zero()
	for i := 252; i >= 0; i-- {
		r.double(&pp)
		if d := nafL[i]; d > 0 {
			acc.fromP1xP1(&r)
			r.add(&acc, &t[d/2])
		} else if d < 0 {
			acc.fromP1xP1(&r)
			r.sub(&acc, &t[(-d)/2])
		}
		pp.fromP1xP1(&r)
	}
	return v.fromP2(&pp)
}

var nafL = func() (naf [257]int8) {
	tablesNAF(naf[:], scalarL[:], nafWindow)
	return
}()
