package safegcd

import "math/bits"

// divsteps384 is the number of original divsteps (δ starting at 1) that take
// every odd f and every g with f² + 4g² ≤ 5·2^768 to g = 0: Bernstein and
// Yang's Theorem 11.2 ("Fast constant-time gcd computation and modular
// inversion", TCHES 2019(3)) proves g_n = 0 for n ≥ ⌊(49d + 57)/17⌋ when
// f² + 4g² ≤ 5·2^(2d) and d ≥ 46; d = 384 gives ⌊18873/17⌋ = 1110.
// 0 ≤ g < f = m < 2^384 satisfies the premise. The half-delta variant has a
// machine-checked bound for 256-bit inputs only (divsteps256), so the
// 384-bit code runs the original divstep, for which the theorem holds.
const divsteps384 = 1110

// limbs384 is the number of signed-62 limbs of a 384-bit value: six hold
// 372 bits, the seventh the rest and the sign.
const limbs384 = 7

// signed62x7 is an integer Σ v[i]·2^(62·i): limbs 0–5 in [0, 2^62) once
// normalized (in between they may be any int64), limb 6 signed.
type signed62x7 [limbs384]int64

// Modulus384 holds the public constants for inverting modulo one odd
// m < 2^384. Build it once with NewModulus384; it is read-only afterwards
// and may be shared by goroutines.
type Modulus384 struct {
	m     signed62x7 // m in signed-62 limbs (all non-negative)
	inv62 uint64     // m⁻¹ mod 2^62
	scale signed62x7 // Invert returns scale/x; scale < m

	// mult holds m·2^j for j = k, k−1, …, 0, where k = 384 − bitlen(m):
	// subtracting each when possible reduces any x < 2^384 below m.
	mult [][6]uint64

	// rounds is the number of batches: ⌈divsteps384/batch⌉ = 19.
	rounds int
}

// NewModulus384 returns the constants to compute scale/x mod m. m is an odd
// integer 1 < m < 2^384 and scale < m, both as six little-endian 64-bit
// words; use scale = 1 for a plain inverse, and scale = R² mod m to invert
// an element held in Montgomery form x·R. NewModulus384 is meant for
// package-level constants and panics if m or scale is invalid.
func NewModulus384(m, scale [6]uint64) *Modulus384 {
	if m[0]&1 == 0 || (m[5]|m[4]|m[3]|m[2]|m[1] == 0 && m[0] == 1) {
		panic("safegcd: modulus must be odd and greater than 1")
	}
	if !less6(&scale, &m) {
		panic("safegcd: scale must be below the modulus")
	}
	c := &Modulus384{rounds: (divsteps384 + batch - 1) / batch}
	c.m = toSigned62x7(&m)
	c.scale = toSigned62x7(&scale)
	y := m[0] // Newton's iteration, as in NewModulus
	for i := 0; i < 5; i++ {
		y *= 2 - y*m[0]
	}
	c.inv62 = y & mask62
	for j := 384 - bitLen6(&m); j >= 0; j-- {
		c.mult = append(c.mult, shiftLeft6(&m, uint(j)))
	}
	return c
}

// Divsteps reports how many divsteps Invert performs: 19 batches of 59,
// 1121, at least the proven bound of 1110 for 384-bit inputs.
func (c *Modulus384) Divsteps() int { return c.rounds * batch }

// Invert sets *out = scale · x⁻¹ mod m, in [0, m), where x is any value
// below 2^384 as six little-endian 64-bit words, reduced modulo m or not.
// If x ≡ 0 mod m the result is 0. For a prime m every other x is invertible;
// for a composite m and gcd(x, m) ≠ 1 the result is unspecified. out may
// alias x. Invert is constant time in x (its time depends on m only).
func (c *Modulus384) Invert(out, x *[6]uint64) {
	d, _, _ := c.run(x)
	*out = fromSigned62x7(&d)
}

// run is Invert returning, beside the result d, the final f and g, which
// the tests check: g = 0 and f = ±1 (for x prime to m) after the fixed
// number of batches.
func (c *Modulus384) run(x *[6]uint64) (d, f, g signed62x7) {
	// Reduce below m: the bound's premise needs g² ≤ f² = m².
	r := *x
	for i := range c.mult {
		condSub6(&r, &c.mult[i])
	}
	f, g = c.m, toSigned62x7(&r)
	e := c.scale
	// eta = −δ with δ starting at 1: the original divstep of Theorem 11.2.
	eta := int64(-1)
	for i := 0; i < c.rounds; i++ {
		var t matrix
		eta = divsteps59Orig(eta, uint64(f[0]), uint64(g[0]), &t)
		c.updateDE(&d, &e, &t)
		updateFG7(&f, &g, &t)
	}
	// Now g = 0 and f = ±gcd(m, x); d ≡ f·scale/x (mod m), in (−2m, m).
	c.normalize(&d, f[limbs384-1]>>63)
	return d, f, g
}

// divsteps59Orig is divsteps59 with the original divstep (eta = −δ).
func divsteps59Orig(eta int64, f, g uint64, t *matrix) int64 {
	eta, u1, v1, q1, r1 := divstepsPackedOrig(eta, f, g, 30)
	f1 := (uint64(u1)*f + uint64(v1)*g) >> 30
	g1 := (uint64(q1)*f + uint64(r1)*g) >> 30
	eta, u2, v2, q2, r2 := divstepsPackedOrig(eta, f1, g1, 29)
	t.u = (u2*u1 + v2*q1) << 3
	t.v = (u2*v1 + v2*r1) << 3
	t.q = (q2*u1 + r2*q1) << 3
	t.r = (q2*v1 + r2*r1) << 3
	return eta
}

// divstepsPackedOrig is divstepsPacked for the original divstep, written
// with eta = −δ (eta starts at −1): δ > 0 is eta < 0, and the update
// δ → 1 − δ on a swap is eta → −eta − 1, δ → 1 + δ otherwise eta → eta − 1
// (the half-delta form's zeta = −(δ + 1/2) gets −zeta − 2 and zeta − 1).
func divstepsPackedOrig(eta int64, f, g uint64, n int) (z, u, v, q, r int64) {
	pf, pg := uint64(1), uint64(1)<<32
	for i := 0; i < n; i++ {
		c1 := uint64(eta >> 63) // eta < 0, i.e. δ > 0
		c2 := -(g & 1)          // g odd
		x := (f ^ c1) - c1
		y := (pf ^ c1) - c1
		sw := c1 & c2
		if wideWords {
			f, g = f^(f^g)&sw, g+x&c2
			pf, pg = pf^(pf^pg)&sw, pg+y&c2
		} else {
			g += x & c2
			pg += y & c2
			f += g & sw
			pf += pg & sw
		}
		// (eta ^ sw) − sw is −eta on a swap, eta otherwise.
		eta = (eta ^ int64(sw)) - int64(sw) - 1
		g >>= 1
		pf <<= 1
	}
	u = int64(int32(pf))
	v = (int64(pf) - u) >> 32
	q = int64(int32(pg))
	r = (int64(pg) - q) >> 32
	return eta, u, v, q, r
}

// updateFG7 sets [f, g] = t·[f, g] / 2^62, as updateFG on seven limbs.
func updateFG7(f, g *signed62x7, t *matrix) {
	const top = limbs384 - 1
	cf := mulU(t.u, uint64(f[0])).add(mulU(t.v, uint64(g[0]))).shr62()
	cg := mulU(t.q, uint64(f[0])).add(mulU(t.r, uint64(g[0]))).shr62()
	for i := 1; i < top; i++ {
		cf = cf.add(mulU(t.u, uint64(f[i]))).add(mulU(t.v, uint64(g[i])))
		cg = cg.add(mulU(t.q, uint64(f[i]))).add(mulU(t.r, uint64(g[i])))
		f[i-1] = int64(cf.lo & mask62)
		g[i-1] = int64(cg.lo & mask62)
		cf, cg = cf.shr62(), cg.shr62()
	}
	cf = cf.add(mulS(t.u, f[top])).add(mulS(t.v, g[top]))
	cg = cg.add(mulS(t.q, f[top])).add(mulS(t.r, g[top]))
	f[top-1] = int64(cf.lo & mask62)
	g[top-1] = int64(cg.lo & mask62)
	cf, cg = cf.shr62(), cg.shr62()
	// |f|, |g| ≤ 2^384, so what is left fits the top limb.
	f[top] = int64(cf.lo)
	g[top] = int64(cg.lo)
}

// updateDE sets [d, e] = t·[d, e] / 2^62 mod m, keeping d, e in (−2m, m),
// as Modulus.updateDE on seven limbs.
func (c *Modulus384) updateDE(d, e *signed62x7, t *matrix) {
	const top = limbs384 - 1
	sd, se := d[top]>>63, e[top]>>63
	md := t.u&sd + t.v&se
	me := t.q&sd + t.r&se
	cd := mulU(t.u, uint64(d[0])).add(mulU(t.v, uint64(e[0])))
	ce := mulU(t.q, uint64(d[0])).add(mulU(t.r, uint64(e[0])))
	md -= int64((c.inv62*cd.lo + uint64(md)) & mask62)
	me -= int64((c.inv62*ce.lo + uint64(me)) & mask62)
	cd = cd.add(mulU(md, uint64(c.m[0]))).shr62()
	ce = ce.add(mulU(me, uint64(c.m[0]))).shr62()
	for i := 1; i < top; i++ {
		cd = cd.add(mulU(t.u, uint64(d[i]))).add(mulU(t.v, uint64(e[i]))).add(mulU(md, uint64(c.m[i])))
		ce = ce.add(mulU(t.q, uint64(d[i]))).add(mulU(t.r, uint64(e[i]))).add(mulU(me, uint64(c.m[i])))
		d[i-1] = int64(cd.lo & mask62)
		e[i-1] = int64(ce.lo & mask62)
		cd, ce = cd.shr62(), ce.shr62()
	}
	cd = cd.add(mulS(t.u, d[top])).add(mulS(t.v, e[top])).add(mulU(md, uint64(c.m[top])))
	ce = ce.add(mulS(t.q, d[top])).add(mulS(t.r, e[top])).add(mulU(me, uint64(c.m[top])))
	d[top-1] = int64(cd.lo & mask62)
	e[top-1] = int64(ce.lo & mask62)
	cd, ce = cd.shr62(), ce.shr62()
	d[top] = int64(cd.lo)
	e[top] = int64(ce.lo)
}

// normalize sets d = sign·d mod m in [0, m), as Modulus.normalize.
func (c *Modulus384) normalize(d *signed62x7, sign int64) {
	addMasked7(d, &c.m, d[limbs384-1]>>63)
	for i := range d {
		d[i] = (d[i] ^ sign) - sign
	}
	carry7(d)
	addMasked7(d, &c.m, d[limbs384-1]>>63)
}

// addMasked7 adds m to d if mask is −1 (nothing if 0), then carries.
func addMasked7(d, m *signed62x7, mask int64) {
	for i := range d {
		d[i] += m[i] & mask
	}
	carry7(d)
}

// carry7 propagates limbs 0–5 into [0, 2^62), keeping the value.
func carry7(d *signed62x7) {
	for i := 0; i < limbs384-1; i++ {
		d[i+1] += d[i] >> 62
		d[i] &= mask62
	}
}

// toSigned62x7 splits a 384-bit value into signed-62 limbs (all
// non-negative): limb i holds bits 62i to 62i + 61.
func toSigned62x7(x *[6]uint64) signed62x7 {
	var out signed62x7
	for i := range out {
		bit := 62 * i
		w, s := bit/64, uint(bit%64)
		v := x[w] >> s
		if s > 2 && w+1 < len(x) {
			v |= x[w+1] << (64 - s)
		}
		out[i] = int64(v & mask62)
	}
	return out
}

// fromSigned62x7 joins normalized, non-negative signed-62 limbs of a value
// below 2^384 into six words.
func fromSigned62x7(d *signed62x7) [6]uint64 {
	var out [6]uint64
	for i := range d {
		bit := 62 * i
		w, s := bit/64, uint(bit%64)
		out[w] |= uint64(d[i]) << s
		if s > 2 && w+1 < len(out) {
			out[w+1] |= uint64(d[i]) >> (64 - s)
		}
	}
	return out
}

// condSub6 sets x = x − y if x ≥ y, in constant time.
func condSub6(x, y *[6]uint64) {
	var t [6]uint64
	var b uint64
	for i := range t {
		t[i], b = bits.Sub64(x[i], y[i], b)
	}
	keep := -b // all ones if x < y
	for i := range x {
		x[i] = x[i]&keep | t[i]&^keep
	}
}

// less6 reports whether x < y (variable time; constants only).
func less6(x, y *[6]uint64) bool {
	var b uint64
	for i := range x {
		_, b = bits.Sub64(x[i], y[i], b)
	}
	return b == 1
}

// bitLen6 returns the bit length of x.
func bitLen6(x *[6]uint64) int {
	for i := 5; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + bits.Len64(x[i])
		}
	}
	return 0
}

// shiftLeft6 returns x·2^s for s < 384; the caller ensures it fits.
func shiftLeft6(x *[6]uint64, s uint) [6]uint64 {
	var out [6]uint64
	w, b := int(s/64), s%64
	for i := 5; i >= w; i-- {
		out[i] = x[i-w] << b
		if b != 0 && i-w-1 >= 0 {
			out[i] |= x[i-w-1] >> (64 - b)
		}
	}
	return out
}
