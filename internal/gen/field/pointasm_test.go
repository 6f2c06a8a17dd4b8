package field

import (
	"errors"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/amd64sim"
	"github.com/curvekit/curvekit/internal/gen/registry"
)

// pointAsmTests are the curves whose Jacobian routines pointasm.go writes
// in assembly (pointAsmCurves), each with the generator's files for it:
// the test reads the limb count from the field, lays a jacobianPoint out
// as X, Y, Z of n words each (an affinePoint as x, y) and reads the
// subroutines' result from the limb count's register plan (pfPlans).
var pointAsmTests = func() []struct {
	c     *registry.Curve
	files func() (map[string][]byte, error)
} {
	var out []struct {
		c     *registry.Curve
		files func() (map[string][]byte, error)
	}
	for _, c := range registry.Curves {
		if pointAsmCurves[c] {
			out = append(out, struct {
				c     *registry.Curve
				files func() (map[string][]byte, error)
			}{c, func() (map[string][]byte, error) { return pointFiles(c, true) }})
		}
	}
	return out
}()

// pointAsmSource returns the assembly among files.
func pointAsmSource(t *testing.T, files map[string][]byte) string {
	t.Helper()
	for name, b := range files {
		if strings.HasSuffix(name, "_amd64.s") {
			return string(b)
		}
	}
	t.Fatal("no _amd64.s file")
	return ""
}

// pointFormulaByAsm returns the plan written as the assembly routine name.
func pointFormulaByAsm(name string) *pointFormula {
	for _, f := range pointFormulas {
		if f.asm == name {
			return f
		}
	}
	panic(checkFailure("no plan for " + name))
}

// checkFailure is a failed check inside runPointAsm (raised by panic, so
// that the checks can run outside a test: TestPointAsmMutants).
type checkFailure string

// montArith is a field's arithmetic on Montgomery-form values (x·R mod p
// held as integers below p), as the elem64 Go code computes it.
type montArith struct {
	p, r, ri *big.Int
	n        int
}

func newMontArith(f *registry.Field) *montArith {
	n := f.Size / 8
	R := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	return &montArith{p: f.Modulus, r: new(big.Int).Mod(R, f.Modulus), ri: new(big.Int).ModInverse(R, f.Modulus), n: n}
}

func (m *montArith) to(x *big.Int) *big.Int {
	return new(big.Int).Mod(new(big.Int).Mul(x, m.r), m.p)
}

func (m *montArith) from(x *big.Int) *big.Int {
	return new(big.Int).Mod(new(big.Int).Mul(x, m.ri), m.p)
}

// op is one plan step on Montgomery-form values.
func (m *montArith) op(op string, a, b *big.Int) *big.Int {
	z := new(big.Int)
	switch op {
	case "mul":
		z.Mul(a, b).Mul(z, m.ri)
	case "sqr":
		z.Mul(a, a).Mul(z, m.ri)
	case "add":
		z.Add(a, b)
	case "sub":
		z.Sub(a, b)
	case "halve":
		z.Mul(a, new(big.Int).ModInverse(big.NewInt(2), m.p))
	default:
		panic("unknown op " + op)
	}
	return z.Mod(z, m.p)
}

// evalPlan runs steps over math/big on env (coordinates "a.x", …, and
// temporaries), in the plan's order.
func (m *montArith) evalPlan(steps []pfStep, env map[string]*big.Int) {
	for _, st := range steps {
		a := env[st.a]
		b := env[st.b]
		if a == nil || st.b != "" && b == nil {
			panic("plan reads " + st.a + " or " + st.b + " before it is set")
		}
		env[st.dst] = m.op(st.op, a, b)
	}
}

// jac is a Jacobian point in Montgomery form.
type jac struct{ x, y, z *big.Int }

func (m *montArith) words(vs ...*big.Int) []uint64 {
	var out []uint64
	for _, v := range vs {
		out = append(out, montLimbs(v, 64, m.n)...)
	}
	return out
}

func (m *montArith) fromWords(w []uint64) []*big.Int {
	var out []*big.Int
	for i := 0; i < len(w); i += m.n {
		v := new(big.Int)
		for k := m.n - 1; k >= 0; k-- {
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(w[i+k]))
		}
		out = append(out, v)
	}
	return out
}

// affine returns the affine point of a Jacobian one (nil for Z = 0).
func (m *montArith) affine(q jac) (x, y *big.Int) {
	z := m.from(q.z)
	if z.Sign() == 0 {
		return nil, nil
	}
	zi := new(big.Int).ModInverse(z, m.p)
	zi2 := new(big.Int).Mul(zi, zi)
	x = new(big.Int).Mul(m.from(q.x), zi2)
	y = new(big.Int).Mul(m.from(q.y), zi2.Mul(zi2, zi))
	return x.Mod(x, m.p), y.Mod(y, m.p)
}

// weierAdd is the affine group law of y² = x³ + ax + b (nil is the
// identity), the reference for the formulas.
func weierAdd(p, a *big.Int, x1, y1, x2, y2 *big.Int) (*big.Int, *big.Int) {
	if x1 == nil {
		return x2, y2
	}
	if x2 == nil {
		return x1, y1
	}
	var l *big.Int
	if x1.Cmp(x2) == 0 {
		if new(big.Int).Add(y1, y2).Mod(new(big.Int).Add(y1, y2), p).Sign() == 0 {
			return nil, nil
		}
		num := new(big.Int).Mul(x1, x1)
		num.Mul(num, big.NewInt(3)).Add(num, a)
		l = num.Mul(num, new(big.Int).ModInverse(new(big.Int).Lsh(y1, 1), p))
	} else {
		num := new(big.Int).Sub(y2, y1)
		l = num.Mul(num, new(big.Int).ModInverse(new(big.Int).Sub(x2, x1).Mod(new(big.Int).Sub(x2, x1), p), p))
	}
	l.Mod(l, p)
	x3 := new(big.Int).Mul(l, l)
	x3.Sub(x3, x1).Sub(x3, x2).Mod(x3, p)
	y3 := new(big.Int).Sub(x1, x3)
	y3.Mul(y3, l).Sub(y3, y1).Mod(y3, p)
	return x3, y3
}

// TestPointAsm runs every routine of the generated Jacobian assembly
// under internal/gen/amd64sim: double, doubleN, the mixed and the full
// addition and the digit step of the constant-time loops on random points
// with random Z and on edge points (Z = 1, Z = −1, Z whose Montgomery limbs
// are 1, Z whose limbs XOR to 0, y = p − y, the identity where the routine
// takes it), with the result in the argument's place where the routine
// allows it; the Multiply and Square subroutines the additions CALL and
// the linear steps' test routine on every pair of edge field elements.
// Each result must equal the plan evaluated over math/big limb for limb
// (so the routine is the Go method), and each point result must be the
// affine group law's.
func TestPointAsm(t *testing.T) {
	for _, pc := range pointAsmTests {
		files, err := pc.files()
		if err != nil {
			t.Fatal(err)
		}
		prog, err := amd64sim.Parse(pointAsmSource(t, files))
		if err != nil {
			t.Fatal(err)
		}
		steps, err := runPointAsm(pc.c, prog, testing.Short())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d instructions run", pc.c.Title, steps)
	}
}

// runPointAsm is TestPointAsm's check of one curve's routines in prog; it
// returns the instructions run, or the first failure.
func runPointAsm(c *registry.Curve, prog *amd64sim.Program, short bool) (steps int, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(checkFailure)
			if !ok {
				panic(r)
			}
			err = errors.New(string(f))
		}
	}()
	fail := func(format string, args ...any) { panic(checkFailure(fmt.Sprintf(format, args...))) }
	ma := newMontArith(c.Field)
	p, n := ma.p, ma.n
	rng := rand.New(rand.NewPCG(31, 41))
	rnd := func() *big.Int {
		b := make([]byte, 8*n+8)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return new(big.Int).Mod(new(big.Int).SetBytes(b), p)
	}
	one := big.NewInt(1)
	// Affine points: the generator, its negative, and random ones.
	type aff struct{ x, y *big.Int }
	pts := []aff{{c.Gx, c.Gy}, {c.Gx, new(big.Int).Sub(p, c.Gy)}}
	// Z values: 1, −1, R⁻¹ (Montgomery limbs 1), one whose Montgomery
	// limbs are all equal and, for each limb j > 0, one whose limbs 0 and j
	// are equal and the others 0 (the limbs XOR to 0 but do not OR to 0:
	// the digit step's test of Z), and random ones.
	const k = 0x0123456789abcdef
	same := new(big.Int)
	for range n {
		same.Lsh(same, 64).Or(same, new(big.Int).SetUint64(k))
	}
	zs := []*big.Int{one, new(big.Int).Sub(p, one), ma.ri, ma.from(same)}
	for j := 1; j < n; j++ {
		v := new(big.Int).Lsh(new(big.Int).SetUint64(k), uint(64*j))
		zs = append(zs, ma.from(v.Or(v, new(big.Int).SetUint64(k))))
	}
	count := 24
	if short {
		count = len(zs) + 4
	}
	for len(pts) < count {
		x := rnd()
		rhs := new(big.Int).Mul(x, x)
		rhs.Mul(rhs, x).Add(rhs, new(big.Int).Mul(c.A, x)).Add(rhs, c.B).Mod(rhs, p)
		if y := new(big.Int).ModSqrt(rhs, p); y != nil {
			pts = append(pts, aff{x, y})
		}
	}
	toJac := func(q aff, z *big.Int) jac {
		z2 := new(big.Int).Mul(z, z)
		x := new(big.Int).Mul(q.x, z2)
		y := new(big.Int).Mul(q.y, z2.Mul(z2, z))
		return jac{ma.to(x.Mod(x, p)), ma.to(y.Mod(y, p)), ma.to(z)}
	}
	jacAt := func(i int) jac {
		z := rnd()
		if i < len(zs) {
			z = zs[i]
		}
		return toJac(pts[i%len(pts)], z)
	}
	identity := jac{ma.to(one), ma.to(one), new(big.Int)}
	// other returns the first of pts from index k on whose x is not x (the
	// additions' precondition b ≠ ±a).
	other := func(k int, x *big.Int) aff {
		for ; ; k++ {
			if q := pts[k%len(pts)]; x == nil || q.x.Cmp(x) != 0 {
				return q
			}
		}
	}

	m := amd64sim.New(prog)
	call := func(name string, args ...uint64) {
		if err := m.Call(name, args...); err != nil {
			fail("%s: %v", c.Title, err)
		}
	}
	read := func(addr uint64, coords int) []*big.Int {
		w, err := m.ReadWords(addr, coords*n)
		if err != nil {
			fail("%s: %v", c.Title, err)
		}
		return ma.fromWords(w)
	}
	env := func(q jac, b []*big.Int) map[string]*big.Int {
		e := map[string]*big.Int{"a.x": q.x, "a.y": q.y, "a.z": q.z}
		for i, k := range []string{"b.x", "b.y", "b.z"}[:len(b)] {
			e[k] = b[i]
		}
		return e
	}
	// check compares the routine's output with the plan's p and, with
	// law, its affine point with (wx, wy) (nil: the identity).
	check := func(what string, got []*big.Int, e map[string]*big.Int, wx, wy *big.Int, law bool) {
		for i, k := range []string{"p.x", "p.y", "p.z"} {
			if got[i].Cmp(e[k]) != 0 {
				fail("%s %s: %s = %x, the plan gives %x", c.Title, what, k, got[i], e[k])
			}
		}
		if !law {
			return
		}
		gx, gy := ma.affine(jac{got[0], got[1], got[2]})
		if (gx == nil) != (wx == nil) || gx != nil && (gx.Cmp(wx) != 0 || gy.Cmp(wy) != 0) {
			fail("%s %s: the result is not the group law's", c.Title, what)
		}
	}
	dbl := pointFormulaByAsm("jacobianDoubleAsm")
	madd := pointFormulaByAsm("jacobianAddAffineAsm")
	add := pointFormulaByAsm("jacobianAddAsm")
	lin := pointFormulaByAsm("jacobianLinearOpsAsm")

	for i := range len(pts) + 2 {
		a := jacAt(i)
		if i == len(pts)+1 {
			a = identity
		}
		ax, ay := ma.affine(a)
		// Doubling, into another point and in place.
		for _, alias := range []bool{false, true} {
			pa := m.Words(ma.words(a.x, a.y, a.z)...)
			out := m.Alloc(8 * 3 * n)
			if alias {
				out = pa
			}
			call("jacobianDoubleAsm", out, pa)
			e := env(a, nil)
			ma.evalPlan(dbl.steps, e)
			wx, wy := weierAdd(p, c.A, ax, ay, ax, ay)
			check("double", read(out, 3), e, wx, wy, true)
		}
		// doubleN, n = 1 + i%4, in place.
		k := 1 + i%4
		pa := m.Words(ma.words(a.x, a.y, a.z)...)
		call("jacobianDoubleNAsm", pa, uint64(k))
		e := env(a, nil)
		wx, wy := ax, ay
		for range k {
			ma.evalPlan(dbl.steps, e)
			e["a.x"], e["a.y"], e["a.z"] = e["p.x"], e["p.y"], e["p.z"]
			wx, wy = weierAdd(p, c.A, wx, wy, wx, wy)
		}
		check("doubleN", read(pa, 3), e, wx, wy, true)
		if a.z.Sign() == 0 {
			continue // the additions' preconditions: a ≠ O
		}
		// The mixed addition and the full one, b ≠ ±a.
		bq := other(i+3, ax)
		bj := jacAt(i + 5)
		if bx, _ := ma.affine(bj); bx.Cmp(ax) == 0 {
			bj = toJac(bq, rnd())
		}
		bjx, bjy := ma.affine(bj)
		for alias := range 3 {
			if alias < 2 { // p may alias a
				pa := m.Words(ma.words(a.x, a.y, a.z)...)
				pb := m.Words(ma.words(ma.to(bq.x), ma.to(bq.y))...)
				out := m.Alloc(8 * 3 * n)
				if alias == 1 {
					out = pa
				}
				call("jacobianAddAffineAsm", out, pa, pb)
				e := env(a, []*big.Int{ma.to(bq.x), ma.to(bq.y)})
				ma.evalPlan(madd.steps, e)
				wx, wy := weierAdd(p, c.A, ax, ay, bq.x, bq.y)
				check("addAffine", read(out, 3), e, wx, wy, true)
			}
			// p may alias a or b.
			pa := m.Words(ma.words(a.x, a.y, a.z)...)
			pb := m.Words(ma.words(bj.x, bj.y, bj.z)...)
			out := m.Alloc(8 * 3 * n)
			switch alias {
			case 1:
				out = pa
			case 2:
				out = pb
			}
			call("jacobianAddAsm", out, pa, pb)
			e := env(a, []*big.Int{bj.x, bj.y, bj.z})
			ma.evalPlan(add.steps, e)
			wx, wy := weierAdd(p, c.A, ax, ay, bjx, bjy)
			check("add", read(out, 3), e, wx, wy, true)
		}
	}

	// The digit step: p = zero ? p : (p = O ? (b, 1) : p + b), b = e or −e.
	for i := range len(pts) + 1 {
		a := jacAt(i)
		if i == len(pts) {
			a = identity
		}
		ax, ay := ma.affine(a)
		eq := other(i+7, ax)
		for neg := range 2 {
			for zero := range 2 {
				pa := m.Words(ma.words(a.x, a.y, a.z)...)
				pe := m.Words(ma.words(ma.to(eq.x), ma.to(eq.y))...)
				call("jacobianAddAffineDigitAsm", pa, pe, uint64(neg), uint64(zero))
				by := ma.to(eq.y)
				wy := eq.y
				if neg == 1 {
					by = ma.op("sub", new(big.Int), by)
					wy = new(big.Int).Sub(p, eq.y)
				}
				e := env(a, []*big.Int{ma.to(eq.x), by})
				switch {
				case zero == 1:
					e["p.x"], e["p.y"], e["p.z"] = a.x, a.y, a.z
				case a.z.Sign() == 0:
					e["p.x"], e["p.y"], e["p.z"] = ma.to(eq.x), by, ma.to(one)
				default:
					ma.evalPlan(madd.steps, e)
				}
				wx := eq.x
				if zero == 1 {
					wx, wy = ax, ay
				} else {
					wx, wy = weierAdd(p, c.A, ax, ay, wx, wy)
				}
				check("addAffineDigit", read(pa, 3), e, wx, wy, true)
			}
		}
	}

	// Field elements at the edges of the limb arithmetic: 0, 1, 2, p − 1,
	// p − 2, (p ± 1)/2, every value below p whose limbs are 0 or all ones,
	// and p − 1 − v for each (the carries and borrows through every limb),
	// and random ones.
	ones := new(big.Int).Sub(new(big.Int).Lsh(one, 64), one)
	edges := []*big.Int{new(big.Int), one, big.NewInt(2), new(big.Int).Sub(p, one), new(big.Int).Sub(p, big.NewInt(2)),
		new(big.Int).Rsh(p, 1), new(big.Int).Add(new(big.Int).Rsh(p, 1), one)}
	for i := 1; i < 1<<n; i++ {
		v := new(big.Int)
		for k := 0; k < n; k++ {
			if i>>k&1 == 1 {
				v.Or(v, new(big.Int).Lsh(ones, uint(64*k)))
			}
		}
		if v.Cmp(p) < 0 {
			edges = append(edges, v, new(big.Int).Sub(new(big.Int).Sub(p, one), v))
		}
	}
	for range 8 {
		edges = append(edges, rnd())
	}
	stride := 1
	if short {
		stride = 3
	}
	// The Montgomery subroutines the additions CALL, on every pair of
	// edges: a at SI, b at DI, the result in the plan's out registers. The multiplication's
	// rows take any a < R (montasm.go's contract, as TestMontAsm checks
	// it): m, m + 1, R − m, R/2, R − 2 and R − 1 too, which reach its
	// final subtraction's borrows.
	R := new(big.Int).Lsh(one, uint(64*n))
	wide := []*big.Int{p, new(big.Int).Add(p, one), new(big.Int).Sub(R, p), new(big.Int).Rsh(R, 1),
		new(big.Int).Sub(R, big.NewInt(2)), new(big.Int).Sub(R, one)}
	for i, a := range append(edges[:len(edges):len(edges)], wide...) {
		for j := i % stride; j < len(edges); j += stride {
			b := edges[j]
			for _, sq := range []bool{false, true} {
				if sq && (j != i%stride || a.Cmp(p) >= 0) {
					continue // each a < p squared once
				}
				name, want := pfMulInternal, new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(a, b), ma.ri), p)
				regs := map[string]uint64{"SI": m.Words(ma.words(a)...), "DI": m.Words(ma.words(b)...)}
				if sq {
					name, want = pfSqrInternal, ma.op("sqr", a, nil)
					delete(regs, "DI")
				}
				if err := m.CallRegs(name, regs); err != nil {
					fail("%s: %v", c.Title, err)
				}
				var w []uint64
				for _, r := range pfPlans[n].out {
					v, err := m.Reg(r)
					if err != nil {
						fail("%s %s: %v", c.Title, name, err)
					}
					w = append(w, v)
				}
				if got := ma.fromWords(w)[0]; got.Cmp(want) != 0 {
					fail("%s %s(%x, %x) = %x, want %x", c.Title, name, a, b, got, want)
				}
			}
		}
	}
	// The linear steps (not points): every pair of edges u, v as
	// a = (u, u, u), b = (v, v, v), then mixed coordinates.
	for i, u := range edges {
		for j := i % stride; j < len(edges); j += stride {
			w := func(k int) *big.Int { return edges[(i*k+j+k)%len(edges)] }
			for _, ab := range [][2][]*big.Int{{{u, u, u}, {edges[j], edges[j], edges[j]}}, {{u, w(3), w(5)}, {w(7), w(11), w(13)}}} {
				a, b := ab[0], ab[1]
				pa, pb, out := m.Words(ma.words(a...)...), m.Words(ma.words(b...)...), m.Alloc(8*3*n)
				call("jacobianLinearOpsAsm", out, pa, pb)
				e := env(jac{a[0], a[1], a[2]}, b)
				ma.evalPlan(lin.steps, e)
				check("linearOps", read(out, 3), e, nil, nil, false)
			}
		}
	}
	return m.Steps, nil
}

var mutants = flag.Int("mutants", 0, "TestPointAsmMutants: check a mutant of every n-th instruction (0: skip)")

// TestPointAsmMutants measures TestPointAsm's power: with -mutants n, it
// changes every n-th instruction of the routines in turn (amd64sim.Mutants:
// a carry dropped or moved to the other chain, a condition inverted, an
// immediate off by one), runs the checks (-short's counts) on each and
// lists the mutants nothing noticed. Some cannot be noticed (an ADCX and
// an ADOX swapped where both chains end in the same word); the others are
// carries that random points reach with probability near 2^−64 in the
// inline copies of the steps, whose emitter code the subroutines and
// jacobianLinearOpsAsm exercise on edge limbs (internal/gen/DESIGN.md).
// It fails if the unchanged text fails.
//
//	go test -run PointAsmMutants ./internal/gen/field/ -mutants 7 -v
func TestPointAsmMutants(t *testing.T) {
	if *mutants == 0 {
		t.Skip("run with -mutants n")
	}
	for _, pc := range pointAsmTests {
		files, err := pc.files()
		if err != nil {
			t.Fatal(err)
		}
		src := pointAsmSource(t, files)
		prog, err := amd64sim.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := runPointAsm(pc.c, prog, true); err != nil {
			t.Fatal(err)
		}
		ms := amd64sim.Mutants(src, *mutants)
		caught := 0
		for _, mu := range ms {
			prog, err := amd64sim.Parse(mu.Src)
			if err == nil {
				_, err = runPointAsm(pc.c, prog, true)
			}
			if err != nil {
				caught++
				continue
			}
			t.Logf("%s: line %d: %s → %s survives", pc.c.Title, mu.Line, mu.From, mu.To)
		}
		t.Logf("%s: %d of %d mutants caught", pc.c.Title, caught, len(ms))
	}
}
