package curve25519

// IsSmallOrder returns 1 if v is of small order (8·v is the identity: v is
// one of the eight points of the torsion subgroup), and 0 otherwise. It is
// constant time.
func (v *Point) IsSmallOrder() int {
	checkInitialized(v)
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
// exactly when v ∈ 8E. The test decides that with two exponentiations, one
// square root and one quartic character (a 4-Tate pairing on a 2-isogenous
// curve, where the 2-part of the group is Z/4 × Z/2 instead of Z/8), and
// about a dozen multiplications; see quarticTest for the derivation.
// isTorsionFreeMultL is the plain ℓ·v check it is tested and benchmarked
// against.
func (v *Point) IsTorsionFree() int {
	checkInitialized(v)
	return v.quarticTest()
}

// Constants of quarticTest (names as in its comment; e = A + 2 = 486664).
var (
	// feTorsionSigma is σ, the non-negative (even) square root of A + 2.
	feTorsionSigma = func() *fieldElement {
		e := new(fieldElement).Mult32(feOne, 486664)
		s, wasSquare := new(fieldElement).SqrtRatio(e, feOne)
		if wasSquare != 1 {
			panic("curve25519: A+2 is not a square")
		}
		return s.Absolute(s)
	}()
	// feTorsionC is c = i·σ, a square root of -(A+2): the constant of the
	// map to the Montgomery curve, v = c·u/x.
	feTorsionC = new(fieldElement).Multiply(feSqrtM1, feTorsionSigma)
	// feTorsionLambda is λ = σ + 2, the slope of the tangent at X0.
	feTorsionLambda = new(fieldElement).Add(feTorsionSigma, new(fieldElement).Mult32(feOne, 2))
	// feTorsionTarget is χ4(-2·(A+2))^-1, with χ4(z) = z^((p-1)/4): the
	// value χ4(G²·(N·R)³) takes exactly on 8E. It is sqrt(-1) (a test
	// checks it with math/big).
	feTorsionTarget = func() *fieldElement {
		var z, t fieldElement
		z.Mult32(feOne, 2*486664).Negate(&z)
		t.Pow22523(&z).Square(&t).Multiply(&t, &z) // z^((p-1)/4)
		return t.Invert(&t)
	}()
)

// quarticTest decides v ∈ 8E with one square root and one quartic
// character. Derivation (each step is also checked numerically by
// TestQuarticTestDerivation with math/big):
//
// Let M: v² = u³ + A·u² + u (A = 486662) be the Montgomery form, with
// u = (1+y)/(1-y) and v = c·u/x, c² = -(A+2) (RFC 7748, section 4.1);
// M(F_p) ≅ E(F_p) is cyclic of order 8ℓ and P ∈ 8M is what we decide.
//
//  1. The 2-isogeny with kernel {O, (0,0)} (Vélu; e.g. Washington,
//     "Elliptic Curves", section 8.2) goes to M': η² = ξ³ - 2A·ξ² +
//     (A²-4)·ξ, and its dual is φ̂: M' → M, (ξ, η) ↦ (η²/4ξ²,
//     η·(A²-4-ξ²)/8ξ²), with kernel {O, K = (0,0)} and φ̂∘φ = [2].
//  2. φ̂(M'(F_p)) = 2M(F_p): it contains 2M = φ̂(φ(M)), has index 2 (both
//     curves have 8ℓ points and ker φ̂ is rational), and so does 2M in the
//     cyclic M. A preimage P' = (ξ, η) of P = (u, v), u ≠ 0, has η/2ξ = r
//     with r² = u, and conversely, for a square u, eliminating ξ² between
//     the equation of M' (with η = 2r·ξ) and the v-coordinate of φ̂ gives
//     the preimage ξ = (A²-4)·r / N', N' = r·(A + 2u) + 2v, η = 2r·ξ. So
//     P ∈ 2M iff u is a square. The root -r gives the other preimage,
//     P' + K.
//  3. M' has all its 2-torsion rational, (0,0) and (A±2, 0), so the 2-part
//     of M'(F_p) is Z/4 × Z/2; φ̂ maps it onto the 2-part Z/4 of 2M with
//     kernel {O, K}. Hence P ∈ 8M iff P ∈ 2M and P' ∈ {O, K} + 4M'.
//  4. As p ≡ 1 mod 4, the reduced 4-Tate pairing t(X0, Q) = f(Q)^((p-1)/4)
//     is non-degenerate on M'(F_p)[4] × M'(F_p)/4M'(F_p) (Frey–Rück), both
//     ≅ Z/4 × Z/2 here. Take X0 = (σ(σ+2), ·),
//     σ = sqrt(A+2): X0 has order 4 (2·X0 = (A+2, 0)), so by
//     non-degeneracy t(X0, ·) has order 4; and t(X0, K) = χ4(f(K)) =
//     χ4(-λ²·σ²) = -χ2(σ(σ+2)) = 1 (χ4(-1) = -1 as (p-1)/4 is odd) because
//     σ(σ+2) is not a square for the even σ (it is for -σ). So its kernel,
//     of index 4, is exactly {O, K} + 4M'. The Miller function of
//     4(X0) - 4(O) is f = (η - λ(ξ - A - 2))² / (ξ - A - 2): the tangent
//     at X0 squared (it meets M' again only at -2·X0 = (A+2, 0)) over the
//     vertical at 2·X0, with slope λ² = η0²/(ξ0-A-2)² = (σ+2)². f is monic
//     at O, so f(P') is the pairing value.
//  5. Substituting step 2 into f, with R' = r·(1+u) + v: ξ - A - 2 =
//     -2(A+2)·R'/N', η - λ(ξ - A - 2) = 2(A+2)·((A-2)·u + λ·R')/N', and
//     N' = 2R' + (A-2)·r. In projective coordinates u = U/S with U = Z+Y,
//     S = Z-Y, v = c·U·Z/(S·X), and r = sqrt(U/S) from one SqrtRatio
//     (whose flag is P ∈ 2M); clearing the common denominator S·X:
//     W = 2r·X + c·U, R = Z·W, N = 2R + (A-2)·r·X·S,
//     G = (A-2)·U·X + λ·R, and f(P') = -2(A+2)·G²/(N·R). So P ∈ 8M iff
//     P ∈ 2M and χ4(G²·(N·R)³) = χ4(-2(A+2))^-1, one exponentiation.
//
// Exceptional inputs: S·X vanishes only for O and (0,-1), and N, R or G
// only when P' is in the 2-part of M' (at X0, (A+2, 0), O or K), that is
// for P among O, (0,-1) and (±i, 0). The generic answer is used only for
// x ≠ 0 and y ≠ 0; masks give 1 for the identity and 0 for the three
// others, which are not in 8E (the formula alone rejects them too, with
// z = 0 for (0,-1): the masks are a safeguard for degenerate values, not a
// correction; tests still pass with them removed). The points of order 8 are
// not in 2M: their u is not a square and the SqrtRatio flag is 0. The
// choice of the root r and the sign of c do not matter: -r gives P' + K,
// with the same pairing value, and -c gives -P, with the inverse one.
func (v *Point) quarticTest() int {
	var U, S, r, rX, W, R, N, G, t, z fieldElement

	U.Add(&v.z, &v.y)
	S.Subtract(&v.z, &v.y)
	_, inTwoE := r.SqrtRatio(&U, &S)

	rX.Multiply(&r, &v.x)
	W.Add(&rX, &rX)
	t.Multiply(feTorsionC, &U)
	W.Add(&W, &t) // W = 2r·X + c·U
	R.Multiply(&v.z, &W)
	N.Multiply(&rX, &S).Mult32(&N, 486660)
	t.Add(&R, &R)
	N.Add(&N, &t) // N = 2R + (A-2)·r·X·S
	G.Multiply(&U, &v.x).Mult32(&G, 486660)
	t.Multiply(feTorsionLambda, &R)
	G.Add(&G, &t) // G = (A-2)·U·X + λ·R

	// z = G²·(N·R)³, then χ4(z) = z^((p-1)/4) = (z^((p-5)/8))²·z.
	t.Multiply(&N, &R)
	z.Square(&t).Multiply(&z, &t)
	G.Square(&G)
	z.Multiply(&z, &G)
	t.Pow22523(&z).Square(&t).Multiply(&t, &z)
	generic := inTwoE & t.Equal(feTorsionTarget)

	xZero := v.x.IsZero()
	yZero := v.y.IsZero()
	identity := xZero & v.y.Equal(&v.z)
	return (generic &^ (xZero | yZero)) | identity
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
	return v.varTimeStrausC(&nafL, t[:])
}

var nafL = func() (naf [257]int8) {
	tablesNAF(naf[:], scalarL[:], nafWindow)
	return
}()
