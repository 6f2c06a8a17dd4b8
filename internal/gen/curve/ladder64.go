package curve

// The X25519 ladder over 4 × 64-bit saturated limbs, written twice from one
// plan: amd64 assembly with MULX/ADCX/ADOX (zz_generated_ladder64_amd64.s)
// and a pure-Go model of the same arithmetic (zz_generated_ladder64.go,
// built everywhere), which the tests compare with the assembly limb for
// limb.
//
// The representation: an element is a 256-bit value v < 2^256, congruent
// to the field element, reduced with 2^256 ≡ 38 and 2^255 ≡ 19 (mod
// p = 2^255 − 19). Every operation is defined by its value, not by its
// instructions, so the Go model and the assembly agree limb for limb
// whatever the instruction order:
//
//	Mul(a, b):  T = a·b < 2^512; U = T mod 2^256 + 38·⌊T/2^256⌋ < 39·2^256;
//	            V = U mod 2^255 + 19·⌊U/2^255⌋ < 2^255 + 2^11.
//	Sqr(a):     Mul(a, a) (the assembly computes each cross product once).
//	A24Add(a, b): U = 121666·a + b < 2^273, then V as in Mul: < 2^255 + 2^23.
//	Add(a, b):  S = a + b; if S ≥ 2^256, S −= 2^256 − 38.
//	Sub(a, b):  D = a − b; if D < 0, D += 2^256 − 38.
//
// The products are "small", below 2^255 + 2^23, and Add and Sub take only
// small operands (the generator checks that the plan gives them nothing
// else: l64CheckSmall), which makes one fold enough: a sum of two small
// values wraps at most once, to a value below 2^24 (so the 38 goes into
// its low word without a carry), and a difference
// borrows at most once, to a value above 2^255 − 2^23. Their results,
// below 2^256, only feed products.
//
// Only the encoding reduces fully (to the canonical value below p).
//
// The plan is a list of field operations on named elements: the ladder's
// start (P, 2P), the step of RFC 7748 §5 and the final doublings, the
// plans of montladder.go which ladder.tmpl's Go ladders are written from
// too (z2 = E·(BB + 121666·E), the RFC's E·(AA + 121665·E)), and the
// addition chain for z^(p−2). The assembly keeps every named element
// in its frame and runs the 251 steps in one loop (the counter and the
// addresses are public; the scalar bit only feeds a mask), the squaring
// runs of the chain in counted loops. The Go model calls one function per
// operation in the plan's order.

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"

	"github.com/curvekit/curvekit/internal/gen/field"
	"github.com/curvekit/curvekit/internal/gen/plan"
	"github.com/curvekit/curvekit/internal/gen/registry"
)

// feOp is one operation of the plan: dst = a op b (b unused for the unary
// ones; n is the number of squarings of sqrn).
type feOp struct {
	kind      string // add, sub, add2, sub2, mul, sqr, sqrn, a24add, muladd, copy, one
	dst, a, b string
	n         int
	// add2 and sub2 also set dst2 = a2 ± b2, then swap dst and dst2
	// under the step's swap bit (the ladder's conditional swap, moved
	// after the additions it commutes with).
	dst2, a2, b2 string
}

// l64Plan reads a plan in the generator's one format (internal/gen/plan)
// into the fe64 emitters' operations.
func l64Plan(text string) []feOp {
	var ops []feOp
	for _, s := range plan.Parse(text) {
		ops = append(ops, feOp{kind: s.Op, dst: s.Dst, a: s.A, b: s.B, n: s.N, dst2: s.Dst2, a2: s.A2, b2: s.B2})
	}
	return ops
}

// l64Double is ladderDoublePlan, (xo : zo) = 2·(xi : zi).
func l64Double(xo, zo, xi, zi string) []feOp { return l64Plan(ladderDoublePlan(xo, zo, xi, zi)) }

// l64Start is ladderStartPlan: (x2 : z2) = (x1 : 1) and (x3 : z3) = 2·(x1 : 1).
func l64Start() []feOp { return l64Plan(ladderStartPlan()) }

// l64Step is ladderStepPlan, one step after the conditional swap, which
// add2 and sub2 carry out on the sums.
func l64Step() []feOp { return l64Plan(ladderStepPlan()) }

// l64Invert is z^(p−2) = z^(2^255 − 21) into out: the addition chain of
// internal/gen/field (field.ChainPlan), the one field25519's Fermat
// inversion is written from (254 squarings and 11 multiplications). The
// comments give the exponent each element holds; only the last step
// writes out.
func l64Invert() []feOp {
	p := registry.Edwards25519.Field.Modulus
	return l64Plan(field.ChainPlan(new(big.Int).Sub(p, big.NewInt(2)), "z", "out"))
}

// l64Temps are the elements ops names other than the given ones, in order
// of first use: the frame (or the locals) of a routine.
func l64Temps(ops []feOp, named ...string) []string {
	seen := map[string]bool{}
	for _, x := range named {
		seen[x] = true
	}
	var out []string
	for _, o := range ops {
		for _, x := range []string{o.dst, o.a, o.b} {
			if x != "" && !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out
}

// l64Madd is the comb's step on fe64 (curve25519's scalar_mul_comb_fe64.go): the mixed
// addition madd-2008-hwcd-3 of an affine table entry to the extended
// point (X : Y : Z : T) (edwards.go's edAddM1, as the field25519 addAffine),
// then the conversion out of the completed form (7M), in place. The entry is
// kept halved, ((y+x)/2, (y−x)/2, d·x·y) in ypx, ymx, t2d: every one of
// A, B, C then comes out halved, D = 2·Z1 becomes Z1 and the result is
// the same projective point scaled by 1/4, so the sum 2·Z1 (a value that
// may reach 2^256, which F and G could not take) is never formed. The
// conversion is edToP's with the products' operands in the order of the
// first emitted assembly (Y = G·H, Z = F·G).
func l64Madd() []feOp {
	return l64Plan(edAddM1(edAffineHalved, false, [4]string{"e", "h", "g", "f"}) + `
X = mul e f // X3/4 = E·F/4
Y = mul g h // Y3/4 = G·H/4
Z = mul f g // Z3/4 = F·G/4
T = mul e h // T3/4 = E·H/4
`)
}

// l64MaddChecked is l64Madd after l64CheckSmall: X, Y, Z (products, or
// the comb's start) are small on entry, the entry's elements only feed
// products (a negated d·x·y is 0 − t, up to 2^256), and the step leaves
// X, Y, Z, T small for the next one.
func l64MaddChecked() {
	sm := l64CheckSmall(l64Madd(), map[string]bool{"X": true, "Y": true, "Z": true})
	for _, x := range []string{"X", "Y", "Z", "T"} {
		if !sm[x] {
			panic("ladder64: " + x + " is not small after the mixed addition")
		}
	}
}

// l64MaddName maps l64Madd's elements to Go expressions: the point p and
// the entry q behind pointers, the rest local.
func l64MaddName(s string) string {
	if i := strings.Index("XYZT", s); len(s) == 1 && i >= 0 {
		return fmt.Sprintf("&p[%d]", i)
	}
	if k, ok := map[string]int{"ypx": 0, "ymx": 1, "t2d": 2}[s]; ok {
		return fmt.Sprintf("&q[%d]", k)
	}
	return "&" + s
}

// The Edwards point operations of the verification's Straus loop
// (curve25519's scalar_mul_straus_fe64.go) on fe64. The running sum stays in the
// completed form r = ((rX : rZ), (rY : rT)) of curve25519's projP1xP1
// between operations, and each routine starts with the conversion out of
// it, so that every operation of the loop is one call:
//
//	l64EdDouble:  r = 2·P2(r)                 (3M, then dbl-2008-hwcd: 1M + 3S + 2Z² + A)
//	l64EdAdd:     r = P3(r) ± q               (4M, then add-2008-hwcd-3: 4M, or 3M for
//	                                           a halved affine q, as l64Madd)
//
// The formulas are edwards.go's plans, which field25519's code is written
// from too. A cached q is (Y+X, Y−X, 2Z, 2d·T) (edCached2Z): 2Z kept doubled
// so that D = Z1·2Z2 is a product (small), as F and G need. r's four
// elements are sums and differences, which only feed the next routine's
// products.

// l64EdToP is the conversion r → (X : Y : Z) (3M), and with T (4M).
func l64EdToP(withT bool) []feOp { return l64Plan(edToP(withT)) }

// l64EdDouble is r = 2·P2(r): edDoubleM1 (E = 2·X·Y directly) in place
// over the converted X and Z, with C − G = 2·Z² + A − B as one row
// (muladd) and a difference, so that no sum is folded twice.
func l64EdDouble() []feOp {
	return append(l64EdToP(false), l64Plan(edDoubleM1("Z", "X", true))...)
}

// l64EdAdd is r = P3(r) + q (neg: − q) for a cached q (ypx, ymx, z2, t2d)
// or a halved affine one (ypx, ymx, t2d: then D/2 = Z1 and the completed
// result is scaled by 1/2, the same point): edAddM1.
func l64EdAdd(affine, neg bool) []feOp {
	e := edCached2Z
	if affine {
		e = edAffineHalved
	}
	return append(l64EdToP(true), l64Plan(edAddM1(e, neg, edOutR))...)
}

// l64EdToCached is q = cached(P3(r)) = (Y+X, Y−X, 2Z, 2d·T) (5M), for
// the per-call tables of odd multiples: q's last element holds 2d on
// entry (the constant, so that the routine needs no third pointer).
func l64EdToCached() []feOp {
	return append(l64EdToP(true), l64Plan(edCachedM1(edCached2Z, "t2d"))...)
}

// l64EdRoutine is one generated Edwards routine: its name (fe64Ed<Name>Go
// and …Asm), whether it takes an entry and of which form, and its plan.
type l64EdRoutine struct {
	Name   string
	Entry  string // "", "affine" (*[3]fe64) or "cached" (*[4]fe64)
	Ops    []feOp
	Action string // for the doc comment
}

func l64EdRoutines() []l64EdRoutine {
	return []l64EdRoutine{
		{"Double", "", l64EdDouble(), "r = 2·r"},
		{"AddCached", "cached", l64EdAdd(false, false), "r = r + q for a cached q = (Y+X, Y−X, 2Z, 2d·T)"},
		{"SubCached", "cached", l64EdAdd(false, true), "r = r − q for a cached q = (Y+X, Y−X, 2Z, 2d·T)"},
		{"AddAffine", "affine", l64EdAdd(true, false), "r = r + q for a halved affine q = ((y+x)/2, (y−x)/2, d·x·y)"},
		{"SubAffine", "affine", l64EdAdd(true, true), "r = r − q for a halved affine q = ((y+x)/2, (y−x)/2, d·x·y)"},
		{"ToCached", "cached", l64EdToCached(), "q = the cached form (Y+X, Y−X, 2Z, 2d·T) of r, q[3] holding 2d on entry"},
	}
}

// entrySlots are the entry's elements in order.
func (rt l64EdRoutine) entrySlots() []string {
	switch rt.Entry {
	case "affine":
		return []string{"ypx", "ymx", "t2d"}
	case "cached":
		return []string{"ypx", "ymx", "z2", "t2d"}
	}
	return nil
}

// l64EdChecked runs l64CheckSmall over every routine: nothing of r or
// the entry is small on entry (they only feed products).
func l64EdChecked() {
	for _, rt := range l64EdRoutines() {
		l64CheckSmall(rt.Ops, map[string]bool{})
	}
}

// l64EdName maps a routine's elements to Go expressions: r and q behind
// pointers, the temporaries local.
func (rt l64EdRoutine) goName(s string) string {
	for i, x := range []string{"rX", "rY", "rZ", "rT"} {
		if s == x {
			return fmt.Sprintf("&r[%d]", i)
		}
	}
	for i, x := range rt.entrySlots() {
		if s == x {
			return fmt.Sprintf("&q[%d]", i)
		}
	}
	return "&" + s
}

// temps are the routine's frame elements: every element its plan names
// that is neither r's nor the entry's, in order of first use.
func (rt l64EdRoutine) temps() []string {
	return l64Temps(rt.Ops, append([]string{"rX", "rY", "rZ", "rT"}, rt.entrySlots()...)...)
}

func (rt l64EdRoutine) params() string {
	switch rt.Entry {
	case "affine":
		return "r *[4]fe64, q *[3]fe64"
	case "cached":
		return "r *[4]fe64, q *[4]fe64"
	}
	return "r *[4]fe64"
}

func (rt l64EdRoutine) args() string {
	if rt.Entry == "" {
		return "r"
	}
	return "r, q"
}

// l64CheckSmall checks that every Add and Sub of ops takes small operands
// (below 2^255 + 2^23: products, and the elements of small on entry), as
// one fold requires; it returns the elements small on exit.
func l64CheckSmall(ops []feOp, small map[string]bool) map[string]bool {
	sm := map[string]bool{}
	for k, v := range small {
		sm[k] = v
	}
	for _, o := range ops {
		switch o.kind {
		case "add", "sub", "add2", "sub2":
			for _, x := range []string{o.a, o.b, o.a2, o.b2} {
				if x != "" && !sm[x] {
					panic(fmt.Sprintf("ladder64: %s %s takes %s, which may be 2^255 + 2^23 or more", o.kind, o.dst, x))
				}
			}
			sm[o.dst] = false
			if o.dst2 != "" {
				sm[o.dst2] = false
			}
		case "mul", "sqr", "sqrn", "a24add", "muladd", "one":
			sm[o.dst] = true
		case "copy":
			sm[o.dst] = sm[o.a]
		default:
			panic("ladder64: unknown op " + o.kind)
		}
	}
	return sm
}

// l64Checked is the ladder's plan after l64CheckSmall: x1 (decoded, below
// 2^255) is small on entry, and the step and the doubling must leave x2,
// z2, x3, z3 small for the next one.
func l64Checked() {
	state := []string{"x2", "z2", "x3", "z3"}
	sm := l64CheckSmall(l64Start(), map[string]bool{"x1": true})
	for range 2 { // twice: the second pass starts from the first's exit
		sm = l64CheckSmall(l64Step(), sm)
	}
	sm = l64CheckSmall(l64Double("x2", "z2", "x2", "z2"), sm)
	for _, x := range state {
		if !sm[x] {
			panic("ladder64: " + x + " is not small after a step")
		}
	}
}

// l64Ladder is the shape of the ladder: the bits of the clamped scalar it
// steps over, and the doublings after them (ladder.tmpl's ladderProjective).
type l64Ladder struct {
	First, Last int // steps for bits First down to Last
	Doublings   int
	A24         int // (A + 2)/4
}

var l64Shape = l64Ladder{First: 253, Last: 3, Doublings: 3, A24: registry.Edwards25519.Montgomery.A24Plus()}

// ---- the Go model ----

// l64GoOps writes the Go calls for ops; name maps a plan element to a Go
// expression of type *fe64.
func l64GoOps(b *bytes.Buffer, ops []feOp, name func(string) string) {
	for _, o := range ops {
		switch o.kind {
		case "add", "sub", "mul":
			fmt.Fprintf(b, "\tfe64%s(%s, %s, %s)\n", strings.ToUpper(o.kind[:1])+o.kind[1:], name(o.dst), name(o.a), name(o.b))
		case "sqr":
			fmt.Fprintf(b, "\tfe64Sqr(%s, %s)\n", name(o.dst), name(o.a))
		case "sqrn":
			fmt.Fprintf(b, "\tfe64Sqr(%s, %s)\n", name(o.dst), name(o.a))
			fmt.Fprintf(b, "\tfor range %d {\n\t\tfe64Sqr(%s, %s)\n\t}\n", o.n-1, name(o.dst), name(o.dst))
		case "add2", "sub2":
			f := map[string]string{"add2": "fe64Add", "sub2": "fe64Sub"}[o.kind]
			fmt.Fprintf(b, "\t%s(%s, %s, %s)\n", f, name(o.dst), name(o.a), name(o.b))
			fmt.Fprintf(b, "\t%s(%s, %s, %s)\n", f, name(o.dst2), name(o.a2), name(o.b2))
			fmt.Fprintf(b, "\tfe64CondSwap(%s, %s, swap)\n", name(o.dst), name(o.dst2))
		case "a24add":
			fmt.Fprintf(b, "\tfe64A24Add(%s, %s, %s)\n", name(o.dst), name(o.a), name(o.b))
		case "muladd":
			fmt.Fprintf(b, "\tfe64MulSmallAdd(%s, %s, %s, %d)\n", name(o.dst), name(o.a), name(o.b), o.n)
		case "copy":
			fmt.Fprintf(b, "\t%s = %s\n", l64Deref(name(o.dst)), l64Deref(name(o.a)))
		case "one":
			fmt.Fprintf(b, "\t%s = fe64{1}\n", l64Deref(name(o.dst)))
		default:
			panic("ladder64: unknown op " + o.kind)
		}
	}
}

// l64Deref returns the Go expression for the value at pointer expression p:
// x for &x (not *&x, which staticcheck flags), *p otherwise.
func l64Deref(p string) string {
	if v, ok := strings.CutPrefix(p, "&"); ok {
		return v
	}
	return "*" + p
}

// ladder64Go returns zz_generated_ladder64.go.
func ladder64Go(c curvePackage) []byte {
	sh := l64Shape
	var b bytes.Buffer
	b.WriteString(`// Code generated by internal/gen/curve. DO NOT EDIT.

package ` + c.Pkg + `

// The X25519 ladder over 4 × 64-bit saturated limbs (internal/gen/curve,
// ladder64.go), in Go: the model of zz_generated_ladder64_amd64.s, which
// the tests compare with it limb for limb. Built everywhere, so that the
// representation is tested on every platform; the package's ladder on
// builds without the assembly is ladderMontgomery (field25519).
//
// An fe64 is a value v < 2^256, little-endian words, congruent to the
// field element modulo p = 2^255 − 19 and reduced with 2^256 ≡ 38; only
// fe64Bytes reduces fully. Each operation's result is defined by its
// value (see each function), so the assembly gives the same words.

import (
	"encoding/binary"
	"math/bits"
)

// fe64 is a partially reduced element of GF(2^255 − 19), least significant
// word first.
type fe64 [4]uint64

// fe64Fold sets v = u mod 2^255 + 19·⌊u/2^255⌋ for the five-word u
// (u4 < 2^32), which is below 2^255 + 19·2^33.
func fe64Fold(v *fe64, u0, u1, u2, u3, u4 uint64) {
	q := u4<<1 | u3>>63
	var c uint64
	v[0], c = bits.Add64(u0, 19*q, 0)
	v[1], c = bits.Add64(u1, 0, c)
	v[2], c = bits.Add64(u2, 0, c)
	v[3] = u3&(1<<63-1) + c
}

// fe64Mul sets v = a·b: T = a·b, U = T mod 2^256 + 38·⌊T/2^256⌋ (five
// words, the top one at most 38), then fe64Fold: v < 2^255 + 2^11. v may
// alias a or b.
func fe64Mul(v, a, b *fe64) {
	var t [8]uint64
	for i := range 4 {
		var c uint64
		for j := range 4 {
			hi, lo := bits.Mul64(a[j], b[i])
			var cc uint64
			lo, cc = bits.Add64(lo, t[i+j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[i+j], c = lo, hi
		}
		t[i+4] = c
	}
	var u [4]uint64
	var c uint64
	for j := range 4 {
		hi, lo := bits.Mul64(t[4+j], 38)
		var cc uint64
		lo, cc = bits.Add64(lo, t[j], 0)
		hi += cc
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		u[j], c = lo, hi
	}
	fe64Fold(v, u[0], u[1], u[2], u[3], c)
}

// fe64Sqr sets v = a², the same value as fe64Mul(v, a, a) (the assembly
// computes each cross product once and doubles them).
func fe64Sqr(v, a *fe64) { fe64Mul(v, a, a) }

// fe64A24Add sets v = ` + fmt.Sprint(sh.A24) + `·a + b (fe64MulSmallAdd): v < 2^255 + 2^23. v may
// alias a or b.
func fe64A24Add(v, a, b *fe64) { fe64MulSmallAdd(v, a, b, ` + fmt.Sprint(sh.A24) + `) }

// fe64MulSmallAdd sets v = k·a + b for k < 2^17: U = k·a + b (five
// words), then fe64Fold: v < 2^255 + 2^23. v may alias a or b.
func fe64MulSmallAdd(v, a, b *fe64, k uint64) {
	var u [4]uint64
	var c uint64
	for j := range 4 {
		hi, lo := bits.Mul64(a[j], k)
		var cc uint64
		lo, cc = bits.Add64(lo, b[j], 0)
		hi += cc
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		u[j], c = lo, hi
	}
	fe64Fold(v, u[0], u[1], u[2], u[3], c)
}

// fe64Add sets v = a + b for bounded operands only: if the sum carries
// out of bit 255 it subtracts 2^256 − 38 by adding 38 to the low word
// alone, without carrying further. That is right (v ≡ a + b, v < 2^256)
// whenever a + b < 2^256 + 2^64 − 38, so for any two operands below
// 2^255 + 2^63 − 19: canonical values, and the results of the products
// (below 2^255 + 2^23, whose carrying sums wrap below 2^24). For larger
// operands the result is wrong, exactly as the assembly's (the tests
// compare the two there too); l64CheckSmall keeps every plan within the
// bound, and the hand-written callers give it canonical table values.
// v may alias a or b.
func fe64Add(v, a, b *fe64) {
	r0, c := bits.Add64(a[0], b[0], 0)
	r1, c := bits.Add64(a[1], b[1], c)
	r2, c := bits.Add64(a[2], b[2], c)
	r3, c := bits.Add64(a[3], b[3], c)
	*v = fe64{r0 + 38*c, r1, r2, r3}
}

// fe64Sub sets v = a − b, adding 2^256 − 38 if it borrows (38 subtracted
// from the wrapped difference, the borrow carried through). That is right
// (v ≡ a − b, v < 2^256) whenever b − a ≤ 2^256 − 38, so for any a and any
// b below 2^256 − 38 (canonical values and the products' results among
// them); for b − a above that the last borrow is dropped and the result
// is wrong, as the assembly's. v may alias a or b.
func fe64Sub(v, a, b *fe64) {
	r0, c := bits.Sub64(a[0], b[0], 0)
	r1, c := bits.Sub64(a[1], b[1], c)
	r2, c := bits.Sub64(a[2], b[2], c)
	r3, c := bits.Sub64(a[3], b[3], c)
	r0, c = bits.Sub64(r0, 38*c, 0)
	r1, c = bits.Sub64(r1, 0, c)
	r2, c = bits.Sub64(r2, 0, c)
	r3, _ = bits.Sub64(r3, 0, c)
	*v = fe64{r0, r1, r2, r3}
}

// fe64CondSwap swaps a and b if swap = 1 and leaves them if swap = 0, in
// constant time.
func fe64CondSwap(a, b *fe64, swap uint64) {
	m := -swap
	for i := range a {
		t := (a[i] ^ b[i]) & m
		a[i] ^= t
		b[i] ^= t
	}
}

// fe64SetBytes sets v to the little-endian u-coordinate in, bit 255
// masked (RFC 7748's decodeUCoordinate): values from p to 2^255 − 1 are
// kept as they are, a partially reduced input.
func fe64SetBytes(v *fe64, in *[32]byte) {
	for i := range v {
		v[i] = binary.LittleEndian.Uint64(in[8*i:])
	}
	v[3] &= 1<<63 - 1
}

// fe64Bytes writes the canonical little-endian encoding of a (any value
// below 2^256) to out, in constant time.
func fe64Bytes(out *[32]byte, a *fe64) {
	r := fe64Reduce(a)
	for i := range r {
		binary.LittleEndian.PutUint64(out[8*i:], r[i])
	}
}

// fe64Reduce returns a (any value below 2^256) reduced below p, in
// constant time: the words field25519's SetWords takes.
func fe64Reduce(a *fe64) fe64 {
	// t = a mod 2^255 + 19·⌊a/2^255⌋ < 2^255 + 19 (2^255 ≡ 19).
	t0, c := bits.Add64(a[0], 19*(a[3]>>63), 0)
	t1, c := bits.Add64(a[1], 0, c)
	t2, c := bits.Add64(a[2], 0, c)
	t3 := a[3]&(1<<63-1) + c
	// t < 2p: t ≥ p exactly when t + 19 reaches 2^255, and then t − p is
	// t + 19 − 2^255.
	s0, c := bits.Add64(t0, 19, 0)
	s1, c := bits.Add64(t1, 0, c)
	s2, c := bits.Add64(t2, 0, c)
	s3 := t3 + c
	m := -(s3 >> 63)
	s3 &= 1<<63 - 1
	return fe64{t0 ^ (t0^s0)&m, t1 ^ (t1^s1)&m, t2 ^ (t2^s2)&m, t3 ^ (t3^s3)&m}
}

// ladder64Go is the ladder of ladder.tmpl's ladderProjective on fe64: st
// is set to (x2, z2) for the clamped scalar e and the u-coordinate x1.
// The assembly (ladder64Asm) runs the same operations in the same order.
func ladder64Go(st *[2]fe64, e *[32]byte, x1 *fe64) {
	var x2, z2, x3, z3, A, B, C, D fe64
`)
	name := func(s string) string {
		if s == "x1" {
			return "x1"
		}
		return "&" + s
	}
	l64GoOps(&b, l64Start(), name)
	fmt.Fprintf(&b, `	var prev uint64
	for t := %d; t >= %d; t-- {
		bit := uint64(e[t>>3]>>(t&7)) & 1
		swap := bit ^ prev
		prev = bit
`, sh.First, sh.Last)
	l64GoOps(&b, l64Step(), name)
	fmt.Fprintf(&b, `	}
	fe64CondSwap(&x2, &x3, prev)
	fe64CondSwap(&z2, &z3, prev)
`)
	for range sh.Doublings {
		l64GoOps(&b, l64Double("x2", "z2", "x2", "z2"), name)
	}
	b.WriteString(`	st[0], st[1] = x2, z2
}

// fe64InvertGo sets out = z^(p−2) (0 for z ≡ 0), the addition chain of
// fe64InvertAsm. out may alias z.
func fe64InvertGo(out, z *fe64) {
`)
	fmt.Fprintf(&b, "\tvar %s fe64\n", strings.Join(l64Temps(l64Invert(), "z", "out"), ", "))
	l64GoOps(&b, l64Invert(), func(s string) string {
		if s == "z" || s == "out" {
			return s
		}
		return "&" + s
	})
	b.WriteString(`}

// fe64MaddGo sets p = p + q for the extended point p = (X : Y : Z : T)
// and the halved affine entry q = ((y+x)/2, (y−x)/2, d·x·y): madd-2008-hwcd-3
// and the conversion to extended coordinates (7M), the result scaled by
// 1/4 (the same point). X, Y, Z must be small (below 2^255 + 2^23:
// products, or canonical values), as they are on exit; q's elements may
// be anything below 2^256. fe64MaddAsm gives the same words.
func fe64MaddGo(p *[4]fe64, q *[3]fe64) {
	var a, b, c, e, f, g, h fe64
`)
	l64GoOps(&b, l64Madd(), l64MaddName)
	b.WriteString(`}

`)
	for _, rt := range l64EdRoutines() {
		fmt.Fprintf(&b, "// fe64Ed%sGo sets %s,\n", rt.Name, rt.Action)
		fmt.Fprintf(&b, "// on the completed form r = (rX, rY, rZ, rT) (internal/gen/curve's\n// l64EdDouble and l64EdAdd). fe64Ed%sAsm gives the same words.\n", rt.Name)
		fmt.Fprintf(&b, "func fe64Ed%sGo(%s) {\n\tvar %s fe64\n", rt.Name, rt.params(), strings.Join(rt.temps(), ", "))
		l64GoOps(&b, rt.Ops, rt.goName)
		b.WriteString("}\n\n")
	}
	b.WriteString(`// x25519Ladder64Go is X25519's variable-base ladder on fe64 in Go: dst =
// the encoded u-coordinate of e·P for the clamped scalar e and P's
// encoded u-coordinate point.
func x25519Ladder64Go(dst, e, point *[32]byte) {
	var x1, inv fe64
	var st [2]fe64
	fe64SetBytes(&x1, point)
	ladder64Go(&st, e, &x1)
	fe64InvertGo(&inv, &st[1])
	fe64Mul(&st[0], &st[0], &inv)
	fe64Bytes(dst, &st[0])
}

// x25519Ladder64Asm is x25519Ladder64Go with the assembly's ladder,
// inversion and multiplication (the Go model where the build has none).
func x25519Ladder64Asm(dst, e, point *[32]byte) {
	var x1, inv fe64
	var st [2]fe64
	fe64SetBytes(&x1, point)
	ladder64Asm(&st, e, &x1)
	fe64InvertAsm(&inv, &st[1])
	fe64MulAsm(&st[0], &st[0], &inv)
	fe64Bytes(dst, &st[0])
}
`)
	return b.Bytes()
}

// ladder64Decl returns zz_generated_ladder64_amd64.go, the assembly's
// declarations and its run-time switch.
func ladder64Decl(c curvePackage) []byte {
	return []byte(`// Code generated by internal/gen/curve. DO NOT EDIT.

//go:build ` + ladder64BuildTag + `

package ` + c.Pkg + `

import "golang.org/x/sys/cpu"

// ladder64HasAsm reports whether this CPU runs the fe64 assembly
// (zz_generated_ladder64_amd64.s), which needs BMI2 (MULX) and ADX (ADCX,
// ADOX). It is fixed for the life of the process (public).
var ladder64HasAsm = cpu.X86.HasBMI2 && cpu.X86.HasADX

// comb64HasAsm reports whether the fixed-base comb can run on fe64 with
// assembly (scalar_mul_comb_fe64.go): the fe64 assembly and the AVX2 scan of its
// 12-word entries. Fixed for the life of the process (public).
var comb64HasAsm = ladder64HasAsm && haveAVX2

// ladder64Asm is ladder64Go in assembly: the start, the 251 steps in one
// loop and the final doublings, with the same fe64 results.
//
//go:noescape
func ladder64Asm(st *[2]fe64, e *[32]byte, x1 *fe64)

// fe64MaddAsm is fe64MaddGo in assembly (the same words).
//
//go:noescape
func fe64MaddAsm(p *[4]fe64, q *[3]fe64)

// fe64InvertAsm is fe64InvertGo in assembly. out may alias z.
//
//go:noescape
func fe64InvertAsm(out, z *fe64)

// fe64MulAsm, fe64SqrAsm, fe64A24AddAsm, fe64AddAsm and fe64SubAsm are
// fe64Mul, fe64Sqr, fe64A24Add, fe64Add and fe64Sub in assembly (the same
// words); v may alias the operands.
//
//go:noescape
func fe64MulAsm(v, a, b *fe64)

//go:noescape
func fe64SqrAsm(v, a *fe64)

//go:noescape
func fe64A24AddAsm(v, a, b *fe64)

//go:noescape
func fe64AddAsm(v, a, b *fe64)

//go:noescape
func fe64SubAsm(v, a, b *fe64)
` + l64EdDecls(false))
}

// l64EdDecls declares the Edwards routines' assembly (or, for noasm, the
// Go model in its place).
func l64EdDecls(noasm bool) string {
	var b strings.Builder
	for _, rt := range l64EdRoutines() {
		if noasm {
			fmt.Fprintf(&b, "func fe64Ed%sAsm(%s) { fe64Ed%sGo(%s) }\n", rt.Name, rt.params(), rt.Name, rt.args())
			continue
		}
		fmt.Fprintf(&b, "\n// fe64Ed%sAsm is fe64Ed%sGo in assembly (the same words).\n//\n//go:noescape\nfunc fe64Ed%sAsm(%s)\n",
			rt.Name, rt.Name, rt.Name, rt.params())
	}
	return b.String()
}

// ladder64NoAsm returns zz_generated_ladder64_noasm.go: the Go model in
// the assembly's place, so that the callers and tests build everywhere.
func ladder64NoAsm(c curvePackage) []byte {
	return []byte(`// Code generated by internal/gen/curve. DO NOT EDIT.

//go:build !(` + ladder64BuildTag + `)

package ` + c.Pkg + `

// ladder64HasAsm is false: this build has no fe64 assembly, and
// scalarMultLadder runs the field25519 ladder.
const ladder64HasAsm = false

// comb64HasAsm is false: scalarBaseMultTable runs the field25519 comb.
const comb64HasAsm = false

func ladder64Asm(st *[2]fe64, e *[32]byte, x1 *fe64) { ladder64Go(st, e, x1) }
func fe64InvertAsm(out, z *fe64)                     { fe64InvertGo(out, z) }
func fe64MaddAsm(p *[4]fe64, q *[3]fe64)             { fe64MaddGo(p, q) }
func fe64MulAsm(v, a, b *fe64)                       { fe64Mul(v, a, b) }
func fe64SqrAsm(v, a *fe64)                          { fe64Sqr(v, a) }
func fe64A24AddAsm(v, a, b *fe64)                    { fe64A24Add(v, a, b) }
func fe64AddAsm(v, a, b *fe64)                       { fe64Add(v, a, b) }
func fe64SubAsm(v, a, b *fe64)                       { fe64Sub(v, a, b) }
` + l64EdDecls(true))
}
