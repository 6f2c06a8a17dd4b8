package curve

import (
	"encoding/hex"
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

// fe64Ref is the fe64 arithmetic of ladder64.go's header over math/big:
// each operation's value as the header defines it, so the assembly must
// give exactly these words (and, mod p, the field's result).
type fe64Ref struct{ p, two255, two256, mask256 *big.Int }

func newFe64Ref() *fe64Ref {
	one := big.NewInt(1)
	r := &fe64Ref{p: registry.F25519.Modulus, two255: new(big.Int).Lsh(one, 255), two256: new(big.Int).Lsh(one, 256)}
	r.mask256 = new(big.Int).Sub(r.two256, one)
	return r
}

// fold is V = U mod 2^255 + 19·⌊U/2^255⌋.
func (r *fe64Ref) fold(u *big.Int) *big.Int {
	hi := new(big.Int).Rsh(u, 255)
	v := new(big.Int).Sub(u, new(big.Int).Lsh(hi, 255))
	return v.Add(v, hi.Mul(hi, big.NewInt(19)))
}

// mul is T = a·b, U = T mod 2^256 + 38·⌊T/2^256⌋, then fold.
func (r *fe64Ref) mul(a, b *big.Int) *big.Int {
	t := new(big.Int).Mul(a, b)
	hi := new(big.Int).Rsh(t, 256)
	u := t.And(t, r.mask256)
	return r.fold(u.Add(u, hi.Mul(hi, big.NewInt(38))))
}

// mulSmallAdd is k·a + b, then fold.
func (r *fe64Ref) mulSmallAdd(a, b *big.Int, k int64) *big.Int {
	u := new(big.Int).Mul(a, big.NewInt(k))
	return r.fold(u.Add(u, b))
}

// add is S = a + b mod 2^256 with 38 added to the low word alone when it
// carries (the assembly's and fe64Add's instructions, right for small
// operands).
func (r *fe64Ref) add(a, b *big.Int) *big.Int {
	s := new(big.Int).Add(a, b)
	if s.Cmp(r.two256) < 0 {
		return s
	}
	s.And(s, r.mask256)
	lo := new(big.Int).And(s, new(big.Int).SetUint64(^uint64(0)))
	s.Sub(s, lo)
	return s.Add(s, new(big.Int).SetUint64(lo.Uint64()+38))
}

// sub is D = a − b, plus 2^256 − 38 if it borrows, mod 2^256.
func (r *fe64Ref) sub(a, b *big.Int) *big.Int {
	d := new(big.Int).Sub(a, b)
	if d.Sign() < 0 {
		d.Add(d, r.two256).Sub(d, big.NewInt(38))
	}
	return d.Mod(d, r.two256)
}

// eval runs ops on env (swap is the add2/sub2 swap bit).
func (r *fe64Ref) eval(ops []feOp, env map[string]*big.Int, swap bool) {
	get := func(s string) *big.Int {
		v := env[s]
		if v == nil {
			panic("ladder64 test: " + s + " read before it is set")
		}
		return v
	}
	for _, o := range ops {
		switch o.kind {
		case "add":
			env[o.dst] = r.add(get(o.a), get(o.b))
		case "sub":
			env[o.dst] = r.sub(get(o.a), get(o.b))
		case "add2", "sub2":
			f := r.add
			if o.kind == "sub2" {
				f = r.sub
			}
			x, y := f(get(o.a), get(o.b)), f(get(o.a2), get(o.b2))
			if swap {
				x, y = y, x
			}
			env[o.dst], env[o.dst2] = x, y
		case "mul":
			env[o.dst] = r.mul(get(o.a), get(o.b))
		case "sqr":
			env[o.dst] = r.mul(get(o.a), get(o.a))
		case "sqrn":
			v := get(o.a)
			for range o.n {
				v = r.mul(v, v)
			}
			env[o.dst] = v
		case "a24add":
			env[o.dst] = r.mulSmallAdd(get(o.a), get(o.b), int64(l64Shape.A24))
		case "muladd":
			env[o.dst] = r.mulSmallAdd(get(o.a), get(o.b), int64(o.n))
		case "copy":
			env[o.dst] = get(o.a)
		case "one":
			env[o.dst] = big.NewInt(1)
		default:
			panic("ladder64 test: unknown op " + o.kind)
		}
	}
}

// ladder is ladder64Go over math/big: (x2, z2) for the clamped scalar e.
func (r *fe64Ref) ladder(e []byte, x1 *big.Int) (*big.Int, *big.Int) {
	sh := l64Shape
	env := map[string]*big.Int{"x1": x1}
	r.eval(l64Start(), env, false)
	prev := 0
	for t := sh.First; t >= sh.Last; t-- {
		bit := int(e[t>>3]>>(t&7)) & 1
		r.eval(l64Step(), env, bit != prev)
		prev = bit
	}
	if prev == 1 {
		env["x2"], env["x3"] = env["x3"], env["x2"]
		env["z2"], env["z3"] = env["z3"], env["z2"]
	}
	for range sh.Doublings {
		r.eval(l64Double("x2", "z2", "x2", "z2"), env, false)
	}
	return env["x2"], env["z2"]
}

// rfc7748 is RFC 7748's X25519 over math/big, written from the RFC and
// independent of the plan: the u-coordinate of e·u mod p.
func (r *fe64Ref) rfc7748(e []byte, u *big.Int) *big.Int {
	p := r.p
	md := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	x1 := new(big.Int).Set(u)
	x2, z2, x3, z3 := big.NewInt(1), new(big.Int), new(big.Int).Set(u), big.NewInt(1)
	swap := 0
	for t := 254; t >= 0; t-- {
		k := int(e[t>>3]>>(t&7)) & 1
		if swap^k == 1 {
			x2, x3, z2, z3 = x3, x2, z3, z2
		}
		swap = k
		A := md(new(big.Int).Add(x2, z2))
		AA := md(new(big.Int).Mul(A, A))
		B := md(new(big.Int).Sub(x2, z2))
		BB := md(new(big.Int).Mul(B, B))
		E := md(new(big.Int).Sub(AA, BB))
		C := md(new(big.Int).Add(x3, z3))
		D := md(new(big.Int).Sub(x3, z3))
		DA := md(new(big.Int).Mul(D, A))
		CB := md(new(big.Int).Mul(C, B))
		x3 = md(new(big.Int).Add(DA, CB))
		x3 = md(x3.Mul(x3, x3))
		z3 = md(new(big.Int).Sub(DA, CB))
		z3 = md(z3.Mul(z3, z3))
		z3 = md(z3.Mul(z3, x1))
		x2 = md(new(big.Int).Mul(AA, BB))
		z2 = md(new(big.Int).Mul(E, new(big.Int).Add(AA, new(big.Int).Mul(big.NewInt(121665), E))))
	}
	if swap == 1 {
		x2, z2 = x3, z3
	}
	return md(x2.Mul(x2, new(big.Int).Exp(z2, new(big.Int).Sub(p, big.NewInt(2)), p)))
}

func fe64Words(vs ...*big.Int) []uint64 {
	var out []uint64
	for _, v := range vs {
		var w [4]uint64
		t := new(big.Int).Set(v)
		for j := range w {
			w[j] = new(big.Int).And(t, new(big.Int).SetUint64(^uint64(0))).Uint64()
			t.Rsh(t, 64)
		}
		if t.Sign() != 0 || v.Sign() < 0 {
			panic("ladder64 test: not below 2^256")
		}
		out = append(out, w[:]...)
	}
	return out
}

func fe64FromWords(w []uint64) []*big.Int {
	var out []*big.Int
	for i := 0; i < len(w); i += 4 {
		v := new(big.Int)
		for j := 3; j >= 0; j-- {
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(w[i+j]))
		}
		out = append(out, v)
	}
	return out
}

// TestLadder64Asm runs ladder64asm.go's output: the single operations on
// edge and random values within their preconditions, the X25519 ladder
// (with the inversion and the final multiplication, against RFC 7748's
// ladder over math/big and its §5.2 vector), the inversion, the comb's
// mixed addition and the Straus loop's Edwards routines on random
// edwards25519 points whose coordinates are not fully reduced. Every
// result must be the plan's value (fe64Ref, the header's definitions)
// word for word, and the point results the group law's.
func TestLadder64Asm(t *testing.T) {
	prog, err := amd64sim.Parse(string(ladder64Asm()))
	if err != nil {
		t.Fatal(err)
	}
	steps, err := runLadder64Asm(prog, testing.Short())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d instructions run", steps)
}

// checkFailure is a failed check inside runLadder64Asm (raised by panic,
// so that the checks can run outside a test: TestLadder64AsmMutants).
type checkFailure string

// runLadder64Asm is TestLadder64Asm's check of the routines in prog; it
// returns the instructions run, or the first failure.
func runLadder64Asm(prog *amd64sim.Program, short bool) (steps int, err error) {
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
	m := amd64sim.New(prog)
	r := newFe64Ref()
	p := r.p
	rng := rand.New(rand.NewPCG(5, 9))
	below := func(bound *big.Int) *big.Int {
		b := make([]byte, 40)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return new(big.Int).Mod(new(big.Int).SetBytes(b), bound)
	}
	one := big.NewInt(1)
	call := func(name string, args ...uint64) {
		if err := m.Call(name, args...); err != nil {
			fail("%v", err)
		}
	}
	read := func(a uint64, k int) []*big.Int {
		w, err := m.ReadWords(a, 4*k)
		if err != nil {
			fail("%v", err)
		}
		return fe64FromWords(w)
	}
	same := func(what string, got, want *big.Int) {
		if got.Cmp(want) != 0 {
			fail("%s = %x, want %x", what, got, want)
		}
	}

	// The single operations. small is the bound of products' results,
	// under which Add and Sub are defined.
	small := new(big.Int).Add(r.two255, new(big.Int).Lsh(one, 23))
	edges := []*big.Int{new(big.Int), one, new(big.Int).Sub(p, one), p, new(big.Int).Add(p, one),
		new(big.Int).Sub(r.two255, one), new(big.Int).Sub(small, one), new(big.Int).Sub(r.two256, one),
		new(big.Int).Sub(r.two256, big.NewInt(38)), new(big.Int).Lsh(one, 192)}
	vals := append([]*big.Int{}, edges...)
	for range 40 {
		vals = append(vals, below(r.two256), below(small))
	}
	for i, a := range vals {
		b := vals[(i*7+3)%len(vals)]
		for _, alias := range []bool{false, true} {
			y := b
			if alias {
				y = a
			}
			type opCase struct {
				name  string
				want  *big.Int
				unary bool
				ok    bool // the operands meet the operation's bounds
			}
			isSmall := a.Cmp(small) < 0 && y.Cmp(small) < 0
			for _, oc := range []opCase{
				{"fe64MulAsm", r.mul(a, y), false, true},
				{"fe64SqrAsm", r.mul(a, a), true, true},
				{"fe64A24AddAsm", r.mulSmallAdd(a, y, int64(l64Shape.A24)), false, true},
				{"fe64AddAsm", r.add(a, y), false, isSmall},
				{"fe64SubAsm", r.sub(a, y), false, isSmall},
			} {
				if !oc.ok {
					continue
				}
				pa, pb, pv := m.Words(fe64Words(a)...), m.Words(fe64Words(y)...), m.Alloc(32)
				if alias {
					pb, pv = pa, pa
				}
				args := []uint64{pv, pa, pb}
				if oc.unary {
					args = args[:2]
				}
				call(oc.name, args...)
				got := read(pv, 1)[0]
				same(oc.name, got, oc.want)
				{
					// and the field's value, independently of the definitions
					var f big.Int
					switch oc.name {
					case "fe64MulAsm":
						f.Mul(a, y)
					case "fe64SqrAsm":
						f.Mul(a, a)
					case "fe64A24AddAsm":
						f.Mul(a, big.NewInt(int64(l64Shape.A24))).Add(&f, y)
					case "fe64AddAsm":
						f.Add(a, y)
					case "fe64SubAsm":
						f.Sub(a, y)
					}
					if f.Sub(&f, got).Mod(&f, p).Sign() != 0 {
						fail("%s(%x, %x) is not the field's result", oc.name, a, y)
					}
				}
			}
		}
	}

	// The ladder, the inversion and the final multiplication: X25519.
	vector := func(s string) []byte {
		b, err := hex.DecodeString(s)
		if err != nil {
			fail("%v", err)
		}
		return b
	}
	type x25519Case struct{ e, u []byte }
	cases := []x25519Case{{ // RFC 7748, §5.2
		vector("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
		vector("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"),
	}}
	nLadders := 6
	if short {
		nLadders = 2
	}
	for range nLadders {
		c := x25519Case{make([]byte, 32), make([]byte, 32)}
		for i := range c.e {
			c.e[i], c.u[i] = byte(rng.Uint32()), byte(rng.Uint32())
		}
		cases = append(cases, c)
	}
	// u = 0 and 1 (the start's x − 1 borrows through every word for 0),
	// and u-coordinates at or above p after the mask: 2^255 − 18, and
	// 2^255 − 1 (every bit set, bit 255 masked).
	for _, u := range []string{"00", "01",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"} {
		u += strings.Repeat("00", 32-len(u)/2)
		cases = append(cases, x25519Case{cases[0].e, vector(u)})
	}
	for k, c := range cases {
		e := append([]byte{}, c.e...)
		e[0] &= 248
		e[31] = e[31]&127 | 64
		le := func(b []byte) *big.Int {
			r := make([]byte, len(b))
			for i := range b {
				r[len(b)-1-i] = b[i]
			}
			return new(big.Int).SetBytes(r)
		}
		x1 := le(c.u)
		x1.SetBit(x1, 255, 0)
		st, pe, px := m.Alloc(64), m.Bytes(e), m.Words(fe64Words(x1)...)
		call("ladder64Asm", st, pe, px)
		got := read(st, 2)
		wx, wz := r.ladder(e, x1)
		same("ladder64Asm x2", got[0], wx)
		same("ladder64Asm z2", got[1], wz)
		inv := m.Alloc(32)
		call("fe64InvertAsm", inv, st+32)
		zi := read(inv, 1)[0]
		env := map[string]*big.Int{"z": got[1]}
		r.eval(l64Invert(), env, false)
		same("fe64InvertAsm", zi, env["out"])
		call("fe64MulAsm", st, st, inv)
		u := new(big.Int).Mod(read(st, 1)[0], p)
		want := r.rfc7748(e, new(big.Int).Mod(x1, p))
		same("X25519", u, want)
		if k == 0 {
			same("X25519 (RFC 7748 §5.2)", u, le(vector("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")))
		}
	}
	// The inversion in place, of 0 and of p (both ≡ 0), of 1, of 2^256 − 1,
	// and of random values.
	zs := []*big.Int{new(big.Int), p, one, new(big.Int).Sub(r.two256, one)}
	for range nLadders * 3 {
		zs = append(zs, below(r.two256))
	}
	for _, z := range zs {
		pz := m.Words(fe64Words(z)...)
		call("fe64InvertAsm", pz, pz)
		env := map[string]*big.Int{"z": z}
		r.eval(l64Invert(), env, false)
		same("fe64InvertAsm in place", read(pz, 1)[0], env["out"])
	}

	// Edwards points: random points on −x² + y² = 1 + d·x²·y², each
	// coordinate given as its value plus a multiple of p below 2^256.
	ed := registry.Edwards25519
	d := ed.D
	md := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	inv := func(x *big.Int) *big.Int { return new(big.Int).ModInverse(md(new(big.Int).Set(x)), p) }
	type pt struct{ x, y *big.Int }
	edAdd := func(a, b pt) pt {
		xy := md(new(big.Int).Mul(new(big.Int).Mul(a.x, b.x), new(big.Int).Mul(a.y, b.y)))
		dxy := md(new(big.Int).Mul(d, xy))
		x := new(big.Int).Add(new(big.Int).Mul(a.x, b.y), new(big.Int).Mul(a.y, b.x))
		y := new(big.Int).Add(new(big.Int).Mul(a.y, b.y), new(big.Int).Mul(a.x, b.x)) // a = −1
		x.Mul(x, inv(new(big.Int).Add(one, dxy)))
		y.Mul(y, inv(new(big.Int).Sub(one, dxy)))
		return pt{md(x), md(y)}
	}
	neg := func(a pt) pt { return pt{md(new(big.Int).Neg(a.x)), a.y} }
	var pts []pt
	nPts := 24
	if short {
		nPts = 12
	}
	for len(pts) < nPts {
		y := below(p)
		y2 := md(new(big.Int).Mul(y, y))
		num := new(big.Int).Sub(y2, one)
		den := md(new(big.Int).Add(new(big.Int).Mul(d, y2), one))
		x := new(big.Int).ModSqrt(md(num.Mul(num, inv(den))), p)
		if x != nil {
			pts = append(pts, pt{x, y})
		}
	}
	loose := func(v *big.Int) *big.Int { // v + k·p below 2^256, k random
		v = md(new(big.Int).Set(v))
		for k := rng.IntN(33); k > 0; k-- {
			if w := new(big.Int).Add(v, p); w.Cmp(r.two256) < 0 {
				v = w
			}
		}
		return v
	}
	ratio := func(a, b *big.Int) *big.Int { return md(new(big.Int).Mul(a, inv(b))) }
	two := big.NewInt(2)
	// completed returns a completed-form r = ((X : Z), (Y : T)) of a.
	completed := func(a pt) []*big.Int {
		z, w := md(below(p).Add(below(p), one)), md(below(p).Add(below(p), one))
		return []*big.Int{loose(new(big.Int).Mul(a.x, z)), loose(new(big.Int).Mul(a.y, w)), loose(z), loose(w)}
	}
	fromCompleted := func(v []*big.Int) pt { return pt{ratio(v[0], v[2]), ratio(v[1], v[3])} }
	cached := func(a pt) []*big.Int { // (Y+X, Y−X, 2Z, 2d·T)
		z := md(below(p).Add(below(p), one))
		X, Y := md(new(big.Int).Mul(a.x, z)), md(new(big.Int).Mul(a.y, z))
		T := md(new(big.Int).Mul(new(big.Int).Mul(a.x, a.y), z))
		return []*big.Int{loose(new(big.Int).Add(Y, X)), loose(new(big.Int).Sub(Y, X)), loose(new(big.Int).Mul(two, z)),
			loose(new(big.Int).Mul(new(big.Int).Mul(two, d), T))}
	}
	halfInv := inv(two)
	halvedAffine := func(a pt) []*big.Int { // ((y+x)/2, (y−x)/2, d·x·y)
		return []*big.Int{loose(new(big.Int).Mul(new(big.Int).Add(a.y, a.x), halfInv)),
			loose(new(big.Int).Mul(new(big.Int).Sub(a.y, a.x), halfInv)), loose(new(big.Int).Mul(d, new(big.Int).Mul(a.x, a.y)))}
	}
	names := func(rt l64EdRoutine, rv, qv []*big.Int) map[string]*big.Int {
		env := map[string]*big.Int{}
		for i, x := range []string{"rX", "rY", "rZ", "rT"} {
			env[x] = rv[i]
		}
		for i, x := range rt.entrySlots() {
			env[x] = qv[i]
		}
		return env
	}
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		for _, rt := range l64EdRoutines() {
			rv := completed(a)
			var qv []*big.Int
			var want pt
			switch rt.Name {
			case "Double":
				want = edAdd(a, a)
			case "AddCached", "SubCached":
				qv = cached(b)
			case "AddAffine", "SubAffine":
				qv = halvedAffine(b)
			case "ToCached":
				qv = []*big.Int{new(big.Int), new(big.Int), new(big.Int), loose(new(big.Int).Mul(two, d))}
			}
			switch rt.Name {
			case "AddCached", "AddAffine":
				want = edAdd(a, b)
			case "SubCached", "SubAffine":
				want = edAdd(a, neg(b))
			}
			pr := m.Words(fe64Words(rv...)...)
			args := []uint64{pr}
			var pq uint64
			if qv != nil {
				pq = m.Words(fe64Words(qv...)...)
				args = append(args, pq)
			}
			call("fe64Ed"+rt.Name+"Asm", args...)
			env := names(rt, rv, qv)
			r.eval(rt.Ops, env, false)
			gotR := read(pr, 4)
			for j, x := range []string{"rX", "rY", "rZ", "rT"} {
				same("fe64Ed"+rt.Name+"Asm "+x, gotR[j], env[x])
			}
			if rt.Name == "ToCached" {
				gotQ := read(pq, 4)
				for j, x := range rt.entrySlots() {
					same("fe64EdToCachedAsm "+x, gotQ[j], env[x])
				}
				// (Y+X, Y−X, 2Z, 2d·T) of a: x = (q0 − q1)/q2, y = (q0 + q1)/q2, 2d·x·y = q3/(q2/2).
				if ratio(new(big.Int).Sub(gotQ[0], gotQ[1]), gotQ[2]).Cmp(a.x) != 0 ||
					ratio(new(big.Int).Add(gotQ[0], gotQ[1]), gotQ[2]).Cmp(a.y) != 0 ||
					ratio(gotQ[3], gotQ[2]).Cmp(md(new(big.Int).Mul(d, new(big.Int).Mul(a.x, a.y)))) != 0 {
					fail("fe64EdToCachedAsm: not the cached form of r")
				}
				continue
			}
			if got := fromCompleted(gotR); got.x.Cmp(want.x) != 0 || got.y.Cmp(want.y) != 0 {
				fail("fe64Ed%sAsm: not the group law's point", rt.Name)
			}
		}
		// The comb's mixed addition on the extended point (X : Y : Z : T)
		// with X, Y, Z small (canonical here), T anything.
		z := md(below(p).Add(below(p), one))
		P := []*big.Int{md(new(big.Int).Mul(a.x, z)), md(new(big.Int).Mul(a.y, z)), z,
			loose(new(big.Int).Mul(new(big.Int).Mul(a.x, a.y), z))}
		qv := halvedAffine(b)
		pp, pq := m.Words(fe64Words(P...)...), m.Words(fe64Words(qv...)...)
		call("fe64MaddAsm", pp, pq)
		env := map[string]*big.Int{"X": P[0], "Y": P[1], "Z": P[2], "T": P[3], "ypx": qv[0], "ymx": qv[1], "t2d": qv[2]}
		r.eval(l64Madd(), env, false)
		got := read(pp, 4)
		for j, x := range []string{"X", "Y", "Z", "T"} {
			same("fe64MaddAsm "+x, got[j], env[x])
		}
		want := edAdd(a, b)
		if ratio(got[0], got[2]).Cmp(want.x) != 0 || ratio(got[1], got[2]).Cmp(want.y) != 0 ||
			ratio(got[3], got[2]).Cmp(md(new(big.Int).Mul(want.x, want.y))) != 0 {
			fail("fe64MaddAsm: not the group law's point")
		}
	}
	return m.Steps, nil
}

var mutants = flag.Int("mutants", 0, "TestLadder64AsmMutants: check a mutant of every n-th instruction (0: skip)")

// TestLadder64AsmMutants measures TestLadder64Asm's power, as
// TestPointAsmMutants does P-256's (internal/gen/field): with -mutants n
// it runs the checks (-short's counts) on a mutant of every n-th
// instruction and lists the ones nothing noticed; it fails if the
// unchanged text fails.
//
//	go test -run Ladder64AsmMutants ./internal/gen/curve/ -mutants 7 -v
func TestLadder64AsmMutants(t *testing.T) {
	if *mutants == 0 {
		t.Skip("run with -mutants n")
	}
	src := string(ladder64Asm())
	prog, err := amd64sim.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := runLadder64Asm(prog, true); err != nil {
		t.Fatal(err)
	}
	ms := amd64sim.Mutants(src, *mutants)
	caught := 0
	for _, mu := range ms {
		prog, err := amd64sim.Parse(mu.Src)
		if err == nil {
			_, err = runLadder64Asm(prog, true)
		}
		if err != nil {
			caught++
			continue
		}
		t.Logf("line %d: %s → %s survives", mu.Line, mu.From, mu.To)
	}
	t.Logf("%d of %d mutants caught", caught, len(ms))
}
