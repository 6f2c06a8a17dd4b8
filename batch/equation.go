package batch

import (
	"encoding/binary"
	"io"
	"math/bits"
	"sync"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/ed25519core"
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

// workspace is Verify's state: the batched slots' count, the coefficient
// source and the knobs, and its buffers (workBufs).
type workspace struct {
	*workBufs
	m     int   // number of batched entries
	coins coins // sparse coefficients' random source
	// owned is set when the Verifier keeps its buffers between calls
	// (NewVerifierWithCapacity); otherwise Verify borrows them from
	// bufPool and gives them back.
	owned bool

	// method selects how PolicyDefault and PolicyStrict entries are
	// checked (tests and benchmarks force one); useSubgroup is the choice
	// made for the current call.
	method      cofactorlessMethod
	useSubgroup bool
	// denseOnly makes every call draw dense 128-bit coefficients (tests
	// and benchmarks compare the two kinds).
	denseOnly bool
	// minChunk, if positive, replaces the package's minChunk (tests run
	// small batches in parallel).
	minChunk int
}

// workBufs holds the decoded batched entries and the multi-scalar
// multiplication's arguments, sized for some number of slots. Between
// calls it holds public data only (points, scalars and used coefficients
// of verified signatures).
type workBufs struct {
	idx []int    // idx[j]: the entry that batched slot j came from
	pR  []point  // −R_j
	pA  []point  // −A_j
	s   []scalar // S_j
	k   []scalar // k_j
	z   []scalar // z_j, non-zero mod ℓ
	zs  []scalar // z_j·S_j
	zk  []scalar // z_j·k_j
	rnd []byte   // random bytes for the coefficients

	bCoef scalar // Σ z_j·S_j over the current range
	// The multi-scalar multiplication's arguments (2n+1 terms).
	msmS []*scalar
	msmP []*point
}

// bufPool recycles the buffers of Verifiers that do not own theirs, so
// that a fresh Verifier per batch (the common use) does not allocate and
// clear them each time.
var bufPool sync.Pool

// borrow takes buffers from bufPool unless w owns its own.
func (w *workspace) borrow() {
	if !w.owned && w.workBufs == nil {
		w.workBufs, _ = bufPool.Get().(*workBufs)
	}
}

// giveBack returns borrowed buffers to bufPool.
func (w *workspace) giveBack() {
	if !w.owned && w.workBufs != nil {
		bufPool.Put(w.workBufs)
		w.workBufs = nil
	}
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
// BenchmarkPaired (PolicyDefault, per entry, against one-by-one
// verification), it costs 1.08 at n = 4, 0.91 at 16 and 0.85 at 64.
const subgroupThreshold = 10

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
	if w.workBufs != nil && cap(w.idx) >= n {
		return
	}
	w.workBufs = &workBufs{
		idx:  make([]int, n),
		pR:   make([]point, n),
		pA:   make([]point, n),
		s:    make([]scalar, n),
		k:    make([]scalar, n),
		z:    make([]scalar, n),
		zs:   make([]scalar, n),
		zk:   make([]scalar, n),
		rnd:  make([]byte, max(16, sparseBytes)*n),
		msmS: make([]*scalar, 2*n+1),
		msmP: make([]*point, 2*n+1),
	}
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
// does under e.policy and by the same code (ed25519core, with the
// half-size equation), from the challenge computed at Add time.
func singleVerify(e *entry) bool {
	p := ed25519core.Policy(e.policy) // numbered alike; ed25519 asserts it
	var key ed25519core.Key
	if err := key.Set(e.pub[:], p == ed25519core.PolicyStrict); err != nil {
		return false
	}
	return ed25519core.VerifyChallenge(&key, nil, e.sig[:], &e.k, p, true) == nil
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
	w.finishBatched(w.drawCoefficients(rand), valid)
}

// finishBatched checks the batch equation over all m > 1 batched slots
// with the coefficients drawn (drew) and bisects if it fails; if the draw
// failed, it checks every slot on its own.
func (w *workspace) finishBatched(drew bool, valid []bool) {
	m := w.m
	if !drew {
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
// on its own, with ed25519core's half-size equation (as single
// verification under PolicyZIP215 does).
func (w *workspace) singleSlot(j int) bool {
	var key ed25519core.Key
	key.NegA = w.pA[j]
	var R point
	R.Negate(&w.pR[j])
	return ed25519core.Equation(&key, nil, &R, &w.k[j], &w.s[j], true, true)
}

// prepare computes z_j·S_j and z_j·k_j.
func (w *workspace) prepare() {
	for j := 0; j < w.m; j++ {
		w.zs[j].Multiply(&w.z[j], &w.s[j])
		w.zk[j].Multiply(&w.z[j], &w.k[j])
	}
}

// drawCoefficients draws z_j for every slot, fresh from rand: for at most
// sparseMax slots a sparse coefficient (drawSparse), for at least radixMin
// one sparse in radix 256 (drawRadix), otherwise a uniformly random
// non-zero 128-bit integer. It reports false if rand fails.
func (w *workspace) drawCoefficients(rand io.Reader) bool {
	m := w.m
	if (m <= sparseMax || m >= radixMin) && !w.denseOnly {
		// The coin state lives in the workspace: on the stack it would
		// escape (it points into itself and goes to rand).
		c := &w.coins
		*c = coins{src: rand, buf: w.rnd[:sparseBytes*m]}
		defer func() { c.src, c.buf = nil, nil }()
		if !c.fill() {
			return false
		}
		draw := drawSparse
		if m >= radixMin {
			draw = drawRadix
		}
		for j := 0; j < m; j++ {
			if !draw(&w.z[j], c) {
				return false
			}
		}
		return true
	}
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

// Sparse coefficients. For a small batch the multi-scalar multiplication
// uses Straus's method, whose doubling chain is 253 steps long anyway (the
// A_j have full-size scalars z_j·k_j), and where a coefficient of 128
// random bits costs a table of 8 odd multiples of R_j plus about 21
// additions. A coefficient with only sparseWeight nonzero NAF digits, spread
// over 252 bits, costs sparseWeight mixed additions of ±R_j and no table
// (curve25519's VarTimeMultiScalarMult sees the low NAF weight): about 70
// field multiplications less per entry. Its entropy is what soundness
// needs, not its length: there are more than 2^130 such coefficients, all
// distinct mod ℓ, so an invalid entry survives with probability below
// 2^-130 (see the package documentation).
const (
	// sparseMax is the largest batch that draws sparse coefficients.
	// Above it Pippenger's method is faster, and there a coefficient
	// costs one bucket addition per nonzero radix-2^c digit, which dense
	// 128-bit coefficients keep fewer. Measured with curve25519's
	// BenchmarkPippengerWindows (per term: Straus with sparse coefficients
	// 12.6 µs at m = 64, 12.2 at 96, 12.1 at 128; Pippenger with dense
	// ones 13.0–13.6, 11.9, 11.1) and BenchmarkCoefficients.
	sparseMax = 80
	// sparseWeight is the number of nonzero NAF digits: the number of
	// such integers below 2^252 with a positive top digit is
	// C(229, 24)·2^23 > 2^130.
	sparseWeight = 24
	// sparseSpan is the number of digit positions (0 … 251).
	sparseSpan = 252
	// sparseBytes is the random bytes read up front per coefficient: it
	// uses 3 for the signs and on average 24·1.18 for the positions (the
	// rest are rejected); coins reads more when the batch runs out.
	sparseBytes = 34
)

// drawSparse sets z to a uniformly random positive integer below 2^252
// whose non-adjacent form has exactly sparseWeight nonzero digits ±1.
//
// A set of k non-adjacent positions in 0 … L−1 is {a_i + i} for a k-subset
// {a_0 < … < a_{k−1}} of 0 … L−k, which Floyd's algorithm draws uniformly;
// the signs are uniform, except the top digit's, which is +1 so that z > 0.
// Such a NAF is the unique NAF of its value (so the values are distinct),
// which lies in (0, 2^252) ⊂ (0, ℓ): distinct and non-zero mod ℓ.
func drawSparse(z *scalar, c *coins) bool {
	const n = sparseSpan - sparseWeight + 1 // positions a_i range over 0 … n−1
	var set [(n + 63) / 64]uint64
	ok := true
	for j := uint(n - sparseWeight); j < n; j++ {
		// t uniform in [0, j] by rejection: exact, so the coefficients
		// are exactly uniform. After 64 rejections in a row, which a
		// working source does with probability below 2^-140 (j ≥ 205),
		// give up as if rand had failed, so that a broken source cannot
		// make Verify loop for ever.
		var t uint
		for tries := 0; ; tries++ {
			var b byte
			if c.pos < len(c.buf) {
				b = c.buf[c.pos]
				c.pos++
			} else if b, ok = c.refill(); !ok {
				return false
			}
			if t = uint(b); t <= j {
				break
			}
			if tries == 63 {
				return false
			}
		}
		if set[t/64]>>(t%64)&1 == 1 {
			t = j
		}
		set[t/64] |= 1 << (t % 64)
	}
	var signs uint32 // sparseWeight−1 sign bits
	for range (sparseWeight + 6) / 8 {
		var b byte
		if b, ok = c.byte(); !ok {
			return false
		}
		signs = signs<<8 | uint32(b)
	}
	signs &= 1<<(sparseWeight-1) - 1 // the top digit is +1
	var pos, neg [4]uint64           // bit sets of the +1 and −1 digits
	i := uint(0)
	for wi, word := range set {
		for ; word != 0; word &= word - 1 {
			e := 64*uint(wi) + uint(bits.TrailingZeros64(word)) + i
			// Branch-free: the signs are random, a branch would
			// mispredict half the time.
			isNeg := -(uint64(signs>>i) & 1)
			bit := uint64(1) << (e % 64)
			neg[e/64&3] |= bit & isNeg
			pos[e/64&3] |= bit &^ isNeg
			i++
		}
	}
	// z = pos − neg > 0 (the top digit is in pos), below 2^252 < ℓ.
	setDifference(z, &pos, &neg)
	return true
}

// setDifference sets z = pos − neg for 256-bit little-endian words; the
// samplers guarantee 0 < pos − neg < ℓ, so a failure is a bug.
func setDifference(z *scalar, pos, neg *[4]uint64) {
	var zb [32]byte
	var borrow uint64
	for j := range pos {
		var d uint64
		d, borrow = bits.Sub64(pos[j], neg[j], borrow)
		binary.LittleEndian.PutUint64(zb[8*j:], d)
	}
	if _, err := z.SetCanonicalBytes(zb[:]); err != nil || borrow != 0 {
		panic("batch: internal error: sampled coefficient out of range")
	}
}

// Coefficients sparse in radix 256. For a large batch the multi-scalar
// multiplication uses Pippenger's method with signed radix-256 digits
// (c = 8, chosen by its cost model near 1024 terms), where a coefficient
// costs one bucket addition per nonzero digit: 17 for a 128-bit one. A
// coefficient with radixWeight nonzero digits among the 31 low positions
// costs radixWeight, and there are C(31, 13)·255^12·127 > 2^130 of them.
// The multi-scalar multiplication's model counts these digits, so it keeps
// c = 8 for them. Below radixMin, where smaller windows win (their bucket
// sums cost less), a radix-256 coefficient would be dense in the radix used.
const (
	// radixMin is the smallest batch that draws radix-256 coefficients:
	// with them Pippenger's c = 8 beats the dense coefficients' best
	// window from about 256 entries on (curve25519's model, and
	// BenchmarkPippengerWindows per term: 12.7 µs against 12.9 with c = 7
	// at m = 256, 10.0 against 10.7 with c = 8 at m = 1024); 384 leaves
	// a margin.
	radixMin = 384
	// radixWeight is the number of nonzero radix-256 digits.
	radixWeight = 13
	// radixSpan is the number of digit positions (bytes 0 … 30, so that
	// the value is below 2^248 < ℓ).
	radixSpan = 31
)

// drawRadix sets z to a uniformly random positive integer below 2^248
// whose signed radix-256 form (digits in −128 … 127, the form curve25519's
// Pippenger recoding computes) has exactly radixWeight nonzero digits.
//
// The positions are a uniform radixWeight-subset of 0 … radixSpan−1
// (Floyd's algorithm), the digits uniform over −128 … 127 without 0,
// except the top one, uniform over 1 … 127 so that z > 0. The signed
// radix-256 form with these digits is unique, so the values are distinct;
// they lie in (0, 2^248) ⊂ (0, ℓ): distinct and non-zero mod ℓ.
func drawRadix(z *scalar, c *coins) bool {
	var set uint32 // chosen positions
	ok := true
	for j := uint(radixSpan - radixWeight); j < radixSpan; j++ {
		// t uniform in [0, j] (j ≤ 30) by rejection on 5 bits; give up
		// after 64 rejections in a row (probability below 2^-83 with a
		// working source, j ≥ 18) as if rand had failed.
		var t uint
		for tries := 0; ; tries++ {
			var b byte
			if b, ok = c.byte(); !ok {
				return false
			}
			if t = uint(b & 31); t <= j {
				break
			}
			if tries == 63 {
				return false
			}
		}
		if set>>t&1 == 1 {
			t = j
		}
		set |= 1 << t
	}
	var pos, neg [4]uint64 // the positive digits and the negated negative ones
	top := 31 - bits.LeadingZeros32(set)
	for ; set != 0; set &= set - 1 {
		k := bits.TrailingZeros32(set)
		// A digit: a nonzero byte read as int8 (−128 … 127), or for the
		// top position 1 … 127; rejection again, at most 64 tries.
		var d int
		for tries := 0; ; tries++ {
			var b byte
			if b, ok = c.byte(); !ok {
				return false
			}
			if k == top {
				b &= 0x7f
			}
			if b != 0 {
				d = int(int8(b))
				break
			}
			if tries == 63 {
				return false
			}
		}
		if d > 0 {
			pos[k/8] |= uint64(d) << (8 * (k % 8))
		} else {
			neg[k/8] |= uint64(-d) << (8 * (k % 8))
		}
	}
	// z = pos − neg > 0: the top digit, at least 256^top, exceeds all
	// the negative ones below it.
	setDifference(z, &pos, &neg)
	return true
}

// coins hands out random bytes from buf, refilled from src when used up.
type coins struct {
	src  io.Reader
	buf  []byte
	pos  int
	more [64]byte
}

// fill reads buf from src.
func (c *coins) fill() bool {
	c.pos = 0
	_, err := io.ReadFull(c.src, c.buf)
	return err == nil
}

// byte returns the next random byte (inlined; refill is the slow path).
func (c *coins) byte() (byte, bool) {
	if c.pos < len(c.buf) {
		b := c.buf[c.pos]
		c.pos++
		return b, true
	}
	return c.refill()
}

// refill reads more bytes into c.more and returns the first.
func (c *coins) refill() (byte, bool) {
	c.buf = c.more[:]
	if !c.fill() {
		return 0, false
	}
	c.pos = 1
	return c.buf[0], true
}

// combination sets V = Σ_{lo ≤ j < hi} z_j·([S_j]B − R_j − [k_j]A_j)
// = [Σ z_j·S_j]B + Σ [z_j](−R_j) + Σ [z_j·k_j](−A_j): one multi-scalar
// multiplication of 2(hi−lo)+1 points, the basepoint's scalars summed.
// curve25519's VarTimeMultiScalarMult sees that the z_j are 128 bits long
// or sparse, uses its basepoint table for B and mixed additions for the
// decoded (Z = 1) points, and reuses its buffers across calls.
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
