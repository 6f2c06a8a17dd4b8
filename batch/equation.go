package batch

import (
	"io"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
)

// scalar is an integer mod ℓ.
type scalar = curve25519.Scalar

// point is a point of edwards25519.
type point = curve25519.Point

// basepoint is the canonical generator; VarTimeMultiScalarMult recognizes
// it and uses its precomputed table.
var basepoint = curve25519.NewGeneratorPoint()

// one is the scalar 1.
var one = func() scalar {
	var s scalar
	if _, err := s.SetCanonicalBytes(append([]byte{1}, make([]byte, 31)...)); err != nil {
		panic("batch: internal error: 1 rejected")
	}
	return s
}()

// verdict is what classify decides about one well-formed entry.
type verdict uint8

const (
	verdictInvalid verdict = iota // rejected by the policy's encoding checks
	verdictSingle                 // needs single verification
	verdictBatched                // goes into the cofactored batch equation
)

// workspace holds the decoded batched entries and the multi-scalar
// multiplication's buffers. It is reused across Verify calls, so a Verifier
// that has seen a batch of n entries allocates nothing more for the next
// one of at most n.
type workspace struct {
	m   int      // number of batched entries
	idx []int    // idx[j]: the entry that batched slot j came from
	pR  []point  // −R_j
	pA  []point  // −A_j
	s   []scalar // S_j
	k   []scalar // k_j
	z   []scalar // z_j, 128-bit, non-zero
	zs  []scalar // z_j·S_j
	zk  []scalar // z_j·k_j
	rnd []byte   // 16 bytes of coefficient per slot

	bCoef scalar // Σ z_j·S_j over the current range
	// The multi-scalar multiplication's arguments (2n+1 terms).
	msmS []*scalar
	msmP []*point

	// method selects how PolicyDefault and PolicyStrict entries are
	// checked (tests and benchmarks force one); useSubgroup is the choice
	// made for the current call.
	method      cofactorlessMethod
	useSubgroup bool
}

// cofactorlessMethod is how PolicyDefault and PolicyStrict entries are
// checked: one by one, or with the subgroup-test method (see the package
// documentation).
type cofactorlessMethod uint8

const (
	methodAuto     cofactorlessMethod = iota // subgroup method from subgroupThreshold entries on
	methodSingle                             // always one by one
	methodSubgroup                           // always the subgroup method
)

// subgroupThreshold is the number of PolicyDefault and PolicyStrict entries
// in one call from which the subgroup method is used: measured with
// BenchmarkPaired, it costs 0.85–0.97 of single verification per entry at
// n = 256 and 1024, the same at 64, and more below.
const subgroupThreshold = 128

// chooseMethod decides, for the entries of this call, whether
// PolicyDefault and PolicyStrict entries use the subgroup method.
func (w *workspace) chooseMethod(entries []entry) {
	switch w.method {
	case methodSingle:
		w.useSubgroup = false
	case methodSubgroup:
		w.useSubgroup = true
	default:
		c := 0
		for i := range entries {
			if entries[i].wellFormed && entries[i].policy != ed25519.PolicyZIP215 {
				c++
			}
		}
		w.useSubgroup = c >= subgroupThreshold
	}
}

// grow makes room for n batched entries.
func (w *workspace) grow(n int) {
	if cap(w.idx) >= n {
		return
	}
	w.idx = make([]int, n)
	w.pR = make([]point, n)
	w.pA = make([]point, n)
	w.s = make([]scalar, n)
	w.k = make([]scalar, n)
	w.z = make([]scalar, n)
	w.zs = make([]scalar, n)
	w.zk = make([]scalar, n)
	w.rnd = make([]byte, 16*n)
	w.msmS = make([]*scalar, 2*n+1)
	w.msmP = make([]*point, 2*n+1)
}

func (w *workspace) reset() { w.m = 0 }

// classify runs the policy's encoding checks on entry e (number i) and, if
// it can go into the batch equation, decodes it into the next slot.
//
// PolicyZIP215 entries always batch: the batch equation is cofactored, as
// their single equation is. PolicyDefault and PolicyStrict entries batch
// only when this call uses the subgroup method and A and R are both
// torsion-free, where the cofactored and cofactorless equations agree;
// otherwise they are verified on their own.
func (w *workspace) classify(e *entry, i int) verdict {
	j := w.m
	if _, err := w.s[j].SetCanonicalBytes(e.sig[32:]); err != nil {
		return verdictInvalid // S ≥ ℓ
	}
	A, R := &w.pA[j], &w.pR[j]
	rBytes := e.sig[:32]
	switch e.policy {
	case ed25519.PolicyZIP215:
		if !setBytes(A, e.pub[:], false) || !setBytes(R, rBytes, false) {
			return verdictInvalid
		}
	case ed25519.PolicyDefault:
		if !w.useSubgroup {
			return verdictSingle
		}
		// Only a canonical encoding of a point can equal the encoding of
		// [S]B − [k]A.
		if !setBytes(A, e.pub[:], false) || !setBytes(R, rBytes, true) {
			return verdictInvalid
		}
		if A.IsTorsionFree() != 1 || R.IsTorsionFree() != 1 {
			return verdictSingle
		}
	case ed25519.PolicyStrict:
		if !w.useSubgroup {
			return verdictSingle
		}
		if !setBytes(A, e.pub[:], true) || A.IsSmallOrder() == 1 ||
			!setBytes(R, rBytes, true) || R.IsSmallOrder() == 1 {
			return verdictInvalid
		}
		if A.IsTorsionFree() != 1 || R.IsTorsionFree() != 1 {
			return verdictSingle
		}
	default:
		return verdictInvalid
	}
	A.Negate(A)
	R.Negate(R)
	w.k[j] = e.k
	w.idx[j] = i
	w.m++
	return verdictBatched
}

// singleVerify checks e on its own, exactly as ed25519.VerifyWithOptions
// does under e.policy, from the challenge computed at Add time.
func singleVerify(e *entry) bool {
	var S curve25519.Scalar
	if _, err := S.SetCanonicalBytes(e.sig[32:]); err != nil {
		return false
	}
	k := &e.k
	var negA, R curve25519.Point
	rBytes := e.sig[:32]
	switch e.policy {
	case ed25519.PolicyDefault:
		if _, err := negA.SetBytes(e.pub[:]); err != nil {
			return false
		}
	case ed25519.PolicyZIP215:
		if _, err := negA.SetBytes(e.pub[:]); err != nil {
			return false
		}
		if _, err := R.SetBytes(rBytes); err != nil {
			return false
		}
	case ed25519.PolicyStrict:
		if _, err := negA.SetCanonicalBytes(e.pub[:]); err != nil || negA.IsSmallOrder() == 1 {
			return false
		}
		if _, err := R.SetCanonicalBytes(rBytes); err != nil || R.IsSmallOrder() == 1 {
			return false
		}
	default:
		return false
	}
	negA.Negate(&negA)
	// Q = [S]B − [k]A.
	var Q curve25519.Point
	Q.VarTimeDoubleScalarBaseMult(k, &negA, &S)
	if e.policy == ed25519.PolicyZIP215 {
		// [8](Q − R) = identity.
		Q.Subtract(&Q, &R)
		return Q.IsSmallOrder() == 1
	}
	// Cofactorless: R's bytes must be the encoding of Q.
	return [32]byte(Q.Bytes()) == [32]byte(rBytes)
}

// verifyBatched draws the coefficients, checks the batch equation over all
// batched slots and, if it fails, finds the invalid entries by bisection.
func (w *workspace) verifyBatched(rand io.Reader, valid []bool) {
	m := w.m
	if m == 1 {
		// One equation: no coefficient needed, and the double-base
		// multiplication with its basepoint table beats a 3-point
		// multi-scalar multiplication.
		valid[w.idx[0]] = w.singleSlot(0)
		return
	}
	if !w.drawCoefficients(rand) {
		// No randomness: check every slot on its own with z_j = 1, which
		// is its cofactored single equation (exact, slower).
		for j := 0; j < m; j++ {
			w.z[j] = one
		}
		w.prepare()
		var V point
		for j := 0; j < m; j++ {
			w.combination(&V, j, j+1)
			valid[w.idx[j]] = V.IsSmallOrder() == 1
		}
		return
	}
	w.prepare()
	var V point
	w.combination(&V, 0, w.m)
	w.resolve(&V, 0, w.m, valid)
}

// singleSlot checks slot j's cofactored equation [8]([S]B − R − [k]A) = 0
// on its own with curve25519's double-base multiplication.
func (w *workspace) singleSlot(j int) bool {
	var Q point
	Q.VarTimeDoubleScalarBaseMult(&w.k[j], &w.pA[j], &w.s[j])
	Q.Add(&Q, &w.pR[j])
	return Q.IsSmallOrder() == 1
}

// prepare computes z_j·S_j and z_j·k_j.
func (w *workspace) prepare() {
	for j := 0; j < w.m; j++ {
		w.zs[j].Multiply(&w.z[j], &w.s[j])
		w.zk[j].Multiply(&w.z[j], &w.k[j])
	}
}

// drawCoefficients reads z_j for every slot: 128-bit, non-zero, fresh from
// rand. It reports false if rand fails.
func (w *workspace) drawCoefficients(rand io.Reader) bool {
	m := w.m
	buf := w.rnd[:16*m]
	if _, err := io.ReadFull(rand, buf); err != nil {
		return false
	}
	var b [32]byte
	for j := 0; j < m; j++ {
		c := buf[16*j : 16*j+16]
		for [16]byte(c) == [16]byte{} {
			// Zero would drop the entry from the equation: draw again.
			if _, err := io.ReadFull(rand, c); err != nil {
				return false
			}
		}
		copy(b[:16], c)
		if _, err := w.z[j].SetCanonicalBytes(b[:]); err != nil {
			panic("batch: internal error: 128-bit scalar rejected")
		}
	}
	return true
}

// combination sets V = Σ_{lo ≤ j < hi} z_j·([S_j]B − R_j − [k_j]A_j)
// = [Σ z_j·S_j]B + Σ [z_j](−R_j) + Σ [z_j·k_j](−A_j): one multi-scalar
// multiplication of 2(hi−lo)+1 points, the basepoint's scalars summed.
// curve25519's VarTimeMultiScalarMult sees that the z_j are 128 bits long,
// uses its basepoint table for B and mixed additions for the decoded
// (Z = 1) points, and reuses its buffers across calls.
func (w *workspace) combination(V *point, lo, hi int) {
	w.bCoef = scalar{}
	for j := lo; j < hi; j++ {
		w.bCoef.Add(&w.bCoef, &w.zs[j])
	}
	w.msmS[0], w.msmP[0] = &w.bCoef, basepoint
	t := 1
	for j := lo; j < hi; j++ {
		w.msmS[t], w.msmP[t] = &w.z[j], &w.pR[j]
		w.msmS[t+1], w.msmP[t+1] = &w.zk[j], &w.pA[j]
		t += 2
	}
	V.VarTimeMultiScalarMult(w.msmS[:t], w.msmP[:t])
}

// resolve sets valid for slots lo..hi−1, given V, their combination. If
// [8]V is the identity they are all valid. Otherwise a single slot is
// invalid (exactly: z_j ≠ 0 mod ℓ, so [8]z_j·E_j = 0 iff [8]E_j = 0), and a
// larger range is split in two: the left half's combination is computed, the
// right half's is V minus it, since the combination is linear.
func (w *workspace) resolve(V *point, lo, hi int, valid []bool) {
	if V.IsSmallOrder() == 1 {
		for j := lo; j < hi; j++ {
			valid[w.idx[j]] = true
		}
		return
	}
	if hi-lo == 1 {
		return
	}
	mid := lo + (hi-lo)/2
	var VL, VR point
	w.combination(&VL, lo, mid)
	VR.Subtract(V, &VL)
	w.resolve(&VL, lo, mid, valid)
	w.resolve(&VR, mid, hi, valid)
}

// setBytes decodes b into v with curve25519's lenient decoder (as
// SetBytes: y ≥ p reduced, x = 0 with the sign bit set accepted) or, if
// strict, its RFC 8032 decoder (SetCanonicalBytes), and reports success.
func setBytes(v *point, b []byte, strict bool) bool {
	var err error
	if strict {
		_, err = v.SetCanonicalBytes(b)
	} else {
		_, err = v.SetBytes(b)
	}
	return err == nil
}
