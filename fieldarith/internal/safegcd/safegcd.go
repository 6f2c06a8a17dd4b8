package safegcd

import "math/bits"

// mask62 keeps the low 62 bits of a word: the width of one signed-62 limb.
const mask62 = 1<<62 - 1

// batch is the number of divsteps per transition matrix. The matrix starts
// at 2^(62−batch)·I, so after batch steps it is exactly 2^62 times the
// product of the divstep matrices, and applying it ends with a shift by one
// whole limb. 59 divides the 590-step bound exactly (10 batches), as in
// libsecp256k1's constant-time modinv64; each batch runs as 30 + 29 steps
// (see divsteps59).
const batch = 59

// divsteps256 is the number of half-delta divsteps (δ starting at 1/2) that
// take every 0 ≤ g ≤ f ≤ 2^256 to g = 0: the convex-hull bound of Wuille's
// safegcd-bounds (coq/hddivsteps/hddivsteps590.v, machine-checked in Coq),
// used by libsecp256k1's constant-time modinv64 (src/modinv64_impl.h, 10 × 59
// divsteps). For comparison, Bernstein and Yang's Theorem 11.2 proves
// ⌊(49·256 + 57)/17⌋ = 741 for the original divstep with δ starting at 1.
const divsteps256 = 590

// signed62 is an integer Σ v[i]·2^(62·i): limbs 0–3 in [0, 2^62) once
// normalized (in between they may be any int64), limb 4 signed.
type signed62 [5]int64

// Modulus holds the public constants for inverting modulo one odd m < 2^256.
// Build it once with NewModulus; it is read-only afterwards and may be
// shared by goroutines.
type Modulus struct {
	m     signed62 // m in signed-62 limbs (all non-negative)
	inv62 uint64   // m⁻¹ mod 2^62
	scale signed62 // Invert returns scale/x; scale < m

	// mult holds m·2^j for j = k, k−1, …, 0, where k = 256 − bitlen(m):
	// subtracting each when possible reduces any x < 2^256 below m.
	mult [][4]uint64

	// rounds is the number of batches: ⌈divsteps/batch⌉.
	rounds int
	// divsteps is the divstep count the bound asks for (divsteps256).
	divsteps int
}

// NewModulus returns the constants to compute scale/x mod m. m is an odd
// integer 1 < m < 2^256 and scale < m, both as four little-endian 64-bit
// words; use scale = 1 for a plain inverse, and scale = R² mod m to invert an
// element held in Montgomery form x·R (the result is then x⁻¹·R). NewModulus
// is meant for package-level constants and panics if m or scale is invalid.
func NewModulus(m, scale [4]uint64) *Modulus {
	if m[0]&1 == 0 || (m[3]|m[2]|m[1] == 0 && m[0] == 1) {
		panic("safegcd: modulus must be odd and greater than 1")
	}
	if !less(&scale, &m) {
		panic("safegcd: scale must be below the modulus")
	}
	c := &Modulus{divsteps: divsteps256}
	c.rounds = (c.divsteps + batch - 1) / batch
	c.m = toSigned62(&m)
	c.scale = toSigned62(&scale)

	// Newton's iteration for the inverse modulo a power of two: if
	// y·m ≡ 1 mod 2^k then y·(2 − y·m)·m ≡ 1 mod 2^2k. m·m ≡ 1 mod 8 for odd
	// m, so five steps give 3·2^5 = 96 ≥ 62 bits.
	y := m[0]
	for i := 0; i < 5; i++ {
		y *= 2 - y*m[0]
	}
	c.inv62 = y & mask62

	for j := 256 - bitLen(&m); j >= 0; j-- {
		c.mult = append(c.mult, shiftLeft(&m, uint(j)))
	}
	return c
}

// Divsteps reports how many divsteps Invert performs (a multiple of 59, at
// least the proven bound of 590 for 256-bit inputs).
func (c *Modulus) Divsteps() int { return c.rounds * batch }

// Invert sets *out = scale · x⁻¹ mod m, in [0, m), where x is any value
// below 2^256 as four little-endian 64-bit words, reduced modulo m or not.
// If x ≡ 0 mod m the result is 0. For a prime m every other x is invertible;
// for a composite m and gcd(x, m) ≠ 1 the result is unspecified. out may
// alias x. Invert is constant time in x (its time depends on m only).
func (c *Modulus) Invert(out, x *[4]uint64) {
	// Reduce below m: the divstep bound holds for 0 ≤ g ≤ f = m.
	r := *x
	for i := range c.mult {
		condSub(&r, &c.mult[i])
	}

	f, g := c.m, toSigned62(&r)
	d, e := signed62{}, c.scale
	// zeta = −(δ + 1/2) with δ starting at 1/2: the half-delta divstep of
	// libsecp256k1's secp256k1_modinv64 (src/modinv64_impl.h).
	zeta := int64(-1)
	for i := 0; i < c.rounds; i++ {
		var t matrix
		zeta = divsteps59(zeta, uint64(f[0]), uint64(g[0]), &t)
		c.updateDE(&d, &e, &t)
		updateFG(&f, &g, &t)
	}
	// Now g = 0 and f = ±gcd(m, x); d ≡ f·scale/x (mod m), in (−2m, m).
	c.normalize(&d, f[4]>>63)
	*out = fromSigned62(&d)
}

// matrix is the transition matrix of one batch, scaled by 2^62:
// [f', g'] = [[u, v], [q, r]]·[f, g] / 2^62. |u| + |v| ≤ 2^62 and
// |q| + |r| ≤ 2^62 (Bernstein–Yang, §8.3).
type matrix struct{ u, v, q, r int64 }

// divsteps59 runs 59 half-delta divsteps on the low 64 bits of f and g (f
// odd), which is all they depend on, and returns the new zeta and the
// transition matrix. It runs them as 30 + 29 steps with packed coefficients
// (divstepsPacked) and multiplies the two matrices.
func divsteps59(zeta int64, f, g uint64, t *matrix) int64 {
	zeta, u1, v1, q1, r1 := divstepsPacked(zeta, f, g, 30)
	// The low 62 bits of u1·f + v1·g are exact (f and g are exact in their
	// low 62 bits) and divisible by 2^30: f1 and g1 get ≥ 32 exact bits, more
	// than the 29 steps that follow read.
	f1 := (uint64(u1)*f + uint64(v1)*g) >> 30
	g1 := (uint64(q1)*f + uint64(r1)*g) >> 30
	zeta, u2, v2, q2, r2 := divstepsPacked(zeta, f1, g1, 29)
	// Entries of each matrix are at most 2^30 in size, so the products fit;
	// scale the 2^59 of 59 steps up to 2^62 (one limb).
	t.u = (u2*u1 + v2*q1) << 3
	t.v = (u2*v1 + v2*r1) << 3
	t.q = (q2*u1 + r2*q1) << 3
	t.r = (q2*v1 + r2*r1) << 3
	return zeta
}

// wideWords reports 64-bit machine words; divstepsPacked picks its form of
// the swap by it (a constant, so only one form is compiled).
const wideWords = bits.UintSize == 64

// divstepsPacked runs n ≤ 30 half-delta divsteps on the low bits of f and g
// and returns the new zeta and the transition matrix scaled by 2^n.
// Branch-free: every condition is a mask (libsecp256k1
// doc/safegcd_implementation.md, section 5, in the zeta form of
// src/modinv64_impl.h). Each row of the matrix is packed in one word,
// u + v·2^32 and q + r·2^32, as in Pornin's "Optimized Binary GCD for Modular
// Inversion" (2020): the updates are linear, so one add updates both halves,
// and |u|, |v| ≤ 2^n < 2^31 keep them apart.
func divstepsPacked(zeta int64, f, g uint64, n int) (z, u, v, q, r int64) {
	pf, pg := uint64(1), uint64(1)<<32 // rows (1, 0) and (0, 1)
	for i := 0; i < n; i++ {
		c1 := uint64(zeta >> 63) // zeta < 0, i.e. δ > 0
		c2 := -(g & 1)           // g odd
		x := (f ^ c1) - c1       // −f if δ > 0, else f
		y := (pf ^ c1) - c1
		// If δ > 0 and g is odd, f takes the old g and its row, and zeta
		// becomes −zeta − 2; else zeta − 1.
		sw := c1 & c2
		if wideWords {
			// Selecting the old g keeps f off the path through g: shorter
			// latency on 64-bit machines.
			f, g = f^(f^g)&sw, g+x&c2 // g += ±f if g is odd
			pf, pg = pf^(pf^pg)&sw, pg+y&c2
		} else {
			// Adding the new g − f back (f + (g − f) = g) takes fewer
			// 32-bit instructions.
			g += x & c2
			pg += y & c2
			f += g & sw
			pf += pg & sw
		}
		zeta = (zeta ^ int64(sw)) - 1
		// g is even now; halve it, and double f's row instead of halving
		// g's, which keeps the matrix integral (scaled by 2^n).
		g >>= 1
		pf <<= 1
	}
	u = int64(int32(pf))
	v = (int64(pf) - u) >> 32
	q = int64(int32(pg))
	r = (int64(pg) - q) >> 32
	return zeta, u, v, q, r
}

// acc is a signed 128-bit accumulator in two's complement.
type acc struct{ hi, lo uint64 }

// mulU returns a·b for a signed and b in [0, 2^63) (a non-negative limb).
func mulU(a int64, b uint64) acc {
	hi, lo := bits.Mul64(uint64(a), b)
	// bits.Mul64 reads a as unsigned, a + 2^64 when a < 0: take back b·2^64.
	hi -= uint64(a>>63) & b
	return acc{hi, lo}
}

// mulS returns a·b for a, b signed.
func mulS(a, b int64) acc {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return acc{hi, lo}
}

func (x acc) add(y acc) acc {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	return acc{x.hi + y.hi + c, lo}
}

// shr62 is an arithmetic right shift by 62.
func (x acc) shr62() acc {
	return acc{uint64(int64(x.hi) >> 62), x.lo>>62 | x.hi<<2}
}

// updateFG sets [f, g] = t·[f, g] / 2^62. The division is exact: the low 62
// bits of t·[f, g] are zero by construction of t.
func updateFG(f, g *signed62, t *matrix) {
	cf := mulU(t.u, uint64(f[0])).add(mulU(t.v, uint64(g[0]))).shr62()
	cg := mulU(t.q, uint64(f[0])).add(mulU(t.r, uint64(g[0]))).shr62()
	for i := 1; i < 4; i++ {
		cf = cf.add(mulU(t.u, uint64(f[i]))).add(mulU(t.v, uint64(g[i])))
		cg = cg.add(mulU(t.q, uint64(f[i]))).add(mulU(t.r, uint64(g[i])))
		f[i-1] = int64(cf.lo & mask62)
		g[i-1] = int64(cg.lo & mask62)
		cf, cg = cf.shr62(), cg.shr62()
	}
	cf = cf.add(mulS(t.u, f[4])).add(mulS(t.v, g[4]))
	cg = cg.add(mulS(t.q, f[4])).add(mulS(t.r, g[4]))
	f[3] = int64(cf.lo & mask62)
	g[3] = int64(cg.lo & mask62)
	cf, cg = cf.shr62(), cg.shr62()
	// |f|, |g| ≤ 2^256, so what is left fits the top limb.
	f[4] = int64(cf.lo)
	g[4] = int64(cg.lo)
}

// updateDE sets [d, e] = t·[d, e] / 2^62 mod m, keeping d, e in (−2m, m)
// (libsecp256k1 doc/safegcd_implementation.md, section 4): first add m to
// each of d, e that is negative, folded into the multiples md, me of m that
// are added to clear the low 62 bits, so the division is exact.
func (c *Modulus) updateDE(d, e *signed62, t *matrix) {
	sd, se := d[4]>>63, e[4]>>63
	md := t.u&sd + t.v&se
	me := t.q&sd + t.r&se
	cd := mulU(t.u, uint64(d[0])).add(mulU(t.v, uint64(e[0])))
	ce := mulU(t.q, uint64(d[0])).add(mulU(t.r, uint64(e[0])))
	// Lower md, me by less than 2^62 so that t·[d, e] + m·[md, me] ≡ 0 mod
	// 2^62: m·(md − (m⁻¹·cd + md)) ≡ −cd.
	md -= int64((c.inv62*cd.lo + uint64(md)) & mask62)
	me -= int64((c.inv62*ce.lo + uint64(me)) & mask62)
	cd = cd.add(mulU(md, uint64(c.m[0]))).shr62()
	ce = ce.add(mulU(me, uint64(c.m[0]))).shr62()
	for i := 1; i < 4; i++ {
		cd = cd.add(mulU(t.u, uint64(d[i]))).add(mulU(t.v, uint64(e[i]))).add(mulU(md, uint64(c.m[i])))
		ce = ce.add(mulU(t.q, uint64(d[i]))).add(mulU(t.r, uint64(e[i]))).add(mulU(me, uint64(c.m[i])))
		d[i-1] = int64(cd.lo & mask62)
		e[i-1] = int64(ce.lo & mask62)
		cd, ce = cd.shr62(), ce.shr62()
	}
	cd = cd.add(mulS(t.u, d[4])).add(mulS(t.v, e[4])).add(mulU(md, uint64(c.m[4])))
	ce = ce.add(mulS(t.q, d[4])).add(mulS(t.r, e[4])).add(mulU(me, uint64(c.m[4])))
	d[3] = int64(cd.lo & mask62)
	e[3] = int64(ce.lo & mask62)
	cd, ce = cd.shr62(), ce.shr62()
	d[4] = int64(cd.lo)
	e[4] = int64(ce.lo)
}

// normalize sets d = sign·d mod m in [0, m), for d in (−2m, m) and sign
// 0 (f = +1) or −1 (f = −1) (libsecp256k1 doc/safegcd_implementation.md,
// section 4).
func (c *Modulus) normalize(d *signed62, sign int64) {
	// d in (−2m, m) → (−m, m).
	addMasked(d, &c.m, d[4]>>63)
	// Negate if f = −1: still in (−m, m).
	for i := range d {
		d[i] = (d[i] ^ sign) - sign
	}
	carry(d)
	// (−m, m) → [0, m).
	addMasked(d, &c.m, d[4]>>63)
}

// addMasked adds m to d if mask is −1 (and nothing if it is 0), then carries
// limbs 0–3 back into [0, 2^62).
func addMasked(d, m *signed62, mask int64) {
	for i := range d {
		d[i] += m[i] & mask
	}
	carry(d)
}

// carry propagates limbs 0–3 into [0, 2^62), keeping the value.
func carry(d *signed62) {
	for i := 0; i < 4; i++ {
		d[i+1] += d[i] >> 62
		d[i] &= mask62
	}
}

// toSigned62 splits a 256-bit value into signed-62 limbs (all non-negative).
func toSigned62(x *[4]uint64) signed62 {
	return signed62{
		int64(x[0] & mask62),
		int64((x[0]>>62 | x[1]<<2) & mask62),
		int64((x[1]>>60 | x[2]<<4) & mask62),
		int64((x[2]>>58 | x[3]<<6) & mask62),
		int64(x[3] >> 56),
	}
}

// fromSigned62 joins normalized, non-negative signed-62 limbs of a value
// below 2^256 into four words.
func fromSigned62(d *signed62) [4]uint64 {
	return [4]uint64{
		uint64(d[0]) | uint64(d[1])<<62,
		uint64(d[1])>>2 | uint64(d[2])<<60,
		uint64(d[2])>>4 | uint64(d[3])<<58,
		uint64(d[3])>>6 | uint64(d[4])<<56,
	}
}

// condSub sets x = x − y if x ≥ y, in constant time.
func condSub(x, y *[4]uint64) {
	var t [4]uint64
	var b uint64
	t[0], b = bits.Sub64(x[0], y[0], 0)
	t[1], b = bits.Sub64(x[1], y[1], b)
	t[2], b = bits.Sub64(x[2], y[2], b)
	t[3], b = bits.Sub64(x[3], y[3], b)
	keep := -b // all ones if x < y
	for i := range x {
		x[i] = x[i]&keep | t[i]&^keep
	}
}

// less reports whether x < y (variable time; constants only).
func less(x, y *[4]uint64) bool {
	var b uint64
	_, b = bits.Sub64(x[0], y[0], 0)
	_, b = bits.Sub64(x[1], y[1], b)
	_, b = bits.Sub64(x[2], y[2], b)
	_, b = bits.Sub64(x[3], y[3], b)
	return b == 1
}

// bitLen returns the bit length of x.
func bitLen(x *[4]uint64) int {
	for i := 3; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + bits.Len64(x[i])
		}
	}
	return 0
}

// shiftLeft returns x·2^s for s < 256; the caller ensures it fits.
func shiftLeft(x *[4]uint64, s uint) [4]uint64 {
	var out [4]uint64
	w, b := s/64, s%64
	for i := 3; i >= int(w); i-- {
		out[i] = x[i-int(w)] << b
		if b != 0 && i-int(w)-1 >= 0 {
			out[i] |= x[i-int(w)-1] >> (64 - b)
		}
	}
	return out
}
