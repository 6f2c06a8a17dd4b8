package curve25519

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/bigle"
)

// The Straus loop on fe64 (straus64.go, fe64Ed*Asm): each routine's
// assembly against its Go model limb for limb, both against math/big and
// against field25519's formulas (forms.go) on points; the whole
// VarTimeSplitBaseMult on the assembly, the Go model and field25519
// against filippo.io/edwards25519 (the splitbase tests, run three ways).

// completedOf returns P = (X : Y : Z : T) in the fe64 completed form
// ((X : Z), (Y : Z)).
func completedOf(P *Point) [4]fe64 {
	p := pointToFe64(P)
	return [4]fe64{p[0], p[1], p[2], p[2]}
}

// completedPoint is the extended point of the fe64 completed form r.
func completedPoint(r *[4]fe64) *Point {
	var p [4]fe64
	fe64Mul(&p[0], &r[0], &r[3])
	fe64Mul(&p[1], &r[1], &r[2])
	fe64Mul(&p[2], &r[2], &r[3])
	fe64Mul(&p[3], &r[0], &r[1])
	return new(Point).fromFe64(&p)
}

// edBig evaluates the Edwards routines' formulas in math/big, from the
// formulas (forms.go's double, add and addAffine, with the fe64 entry
// forms), not from the plans: the expected completed form mod p.
func edBig(rt string, r *[4]fe64, q []fe64) [4]*big.Int {
	m := func(a, b *big.Int) *big.Int { return fe64Mod(new(big.Int).Mul(a, b)) }
	add := func(a, b *big.Int) *big.Int { return fe64Mod(new(big.Int).Add(a, b)) }
	sub := func(a, b *big.Int) *big.Int { return fe64Mod(new(big.Int).Sub(a, b)) }
	rX, rY, rZ, rT := fe64ToBig(&r[0]), fe64ToBig(&r[1]), fe64ToBig(&r[2]), fe64ToBig(&r[3])
	X, Y, Z := m(rX, rT), m(rY, rZ), m(rZ, rT)
	if rt == "Double" {
		A, B, C := m(X, X), m(Y, Y), m(Z, Z)
		C = add(C, C)
		G := sub(B, A)
		return [4]*big.Int{m(add(X, X), Y), add(A, B), G, sub(C, G)}
	}
	T := m(rX, rY)
	if rt == "ToCached" {
		return [4]*big.Int{add(Y, X), sub(Y, X), add(Z, Z), m(T, fe64ToBig(&q[3]))}
	}
	qb := make([]*big.Int, len(q))
	for i := range q {
		qb[i] = fe64ToBig(&q[i])
	}
	ypx, ymx, t2d := qb[0], qb[1], qb[len(qb)-1]
	D := Z // a halved affine entry: D/2 = Z1
	if len(qb) == 4 {
		D = m(Z, qb[2])
	}
	neg := rt == "SubCached" || rt == "SubAffine"
	if neg {
		ypx, ymx = ymx, ypx
	}
	Am, Bm, C := m(sub(Y, X), ymx), m(add(Y, X), ypx), m(T, t2d)
	if neg {
		C = sub(big.NewInt(0), C)
	}
	return [4]*big.Int{sub(Bm, Am), add(Bm, Am), add(D, C), sub(D, C)}
}

// edRun runs routine rt on r (and q) with the assembly and the Go model,
// compares them limb for limb and with edBig, and returns the result.
func edRun(t testing.TB, rt string, r [4]fe64, q []fe64) [4]fe64 {
	t.Helper()
	got, ref := r, r
	var qa, qr [4]fe64
	copy(qa[:], q)
	copy(qr[:], q)
	switch rt {
	case "Double":
		fe64EdDoubleAsm(&got)
		fe64EdDoubleGo(&ref)
	case "AddCached":
		fe64EdAddCachedAsm(&got, &qa)
		fe64EdAddCachedGo(&ref, &qr)
	case "SubCached":
		fe64EdSubCachedAsm(&got, &qa)
		fe64EdSubCachedGo(&ref, &qr)
	case "AddAffine":
		fe64EdAddAffineAsm(&got, (*[3]fe64)(qa[:3]))
		fe64EdAddAffineGo(&ref, (*[3]fe64)(qr[:3]))
	case "SubAffine":
		fe64EdSubAffineAsm(&got, (*[3]fe64)(qa[:3]))
		fe64EdSubAffineGo(&ref, (*[3]fe64)(qr[:3]))
	case "ToCached": // the result is q; r is unchanged
		fe64EdToCachedAsm(&got, &qa)
		fe64EdToCachedGo(&ref, &qr)
		if got != r || ref != r {
			t.Fatalf("fe64EdToCached changed r")
		}
		got, ref = qa, qr
	}
	if got != ref {
		t.Fatalf("fe64Ed%s(%x, %x): asm %x, Go %x", rt, r, q, got, ref)
	}
	want := edBig(rt, &r, q)
	for i := range got {
		if fe64Mod(fe64ToBig(&got[i])).Cmp(want[i]) != 0 {
			t.Fatalf("fe64Ed%s(%x, %x)[%d] = %x, want ≡ %x", rt, r, q, i, got[i], want[i])
		}
	}
	return got
}

func TestFe64EdRoutines(t *testing.T) {
	if !ladder64HasAsm {
		t.Log("no fe64 assembly in this build or on this CPU: the fe64Ed*Asm are the Go model")
	}
	var pts []*Point
	pts = append(pts, NewIdentityPoint(), NewGeneratorPoint(), mixedOrderPoint(t, 2))
	for range 8 {
		p := randPoint(t)
		pts = append(pts, p)
	}
	for i, P := range pts {
		r := completedOf(P)
		if completedPoint(&r).Equal(P) != 1 {
			t.Fatal("completed form of P")
		}
		// Double against projP1xP1.double.
		var pp projP2
		pp.fromP3(P)
		var rD projP1xP1
		rD.double(&pp)
		var want Point
		if !sameExtended(completedPoint(ptr(edRun(t, "Double", r, nil))), want.fromP1xP1(&rD)) {
			t.Fatalf("point %d: Double disagrees with field25519", i)
		}
		for j, Q := range pts {
			var qc projCached
			qc.fromP3(Q)
			var c cached64
			cached64From(&c, &qc)
			var qa affineCached
			qa.fromP3(Q)
			var a comb64Entry
			comb64FromAffine(&a, &qa)
			var r1 projP1xP1
			for _, k := range []struct {
				rt string
				q  []fe64
				fe func()
			}{
				{"AddCached", c[:], func() { r1.add(P, &qc) }},
				{"SubCached", c[:], func() { r1.sub(P, &qc) }},
				{"AddAffine", a[:], func() { r1.addAffine(P, &qa) }},
				{"SubAffine", a[:], func() { r1.subAffine(P, &qa) }},
			} {
				got := completedPoint(ptr(edRun(t, k.rt, r, k.q)))
				k.fe()
				if !sameExtended(got, want.fromP1xP1(&r1)) {
					t.Fatalf("point %d %s point %d: fe64 and field25519 disagree", i, k.rt, j)
				}
				if i == j && k.rt[:3] == "Sub" && got.Equal(NewIdentityPoint()) != 1 {
					t.Fatalf("%s: P − P ≠ identity for point %d", k.rt, i)
				}
				if i == j && k.rt[:3] == "Add" && got.Equal(new(Point).Add(P, P)) != 1 {
					t.Fatalf("%s: P + P ≠ 2P for point %d", k.rt, i)
				}
			}
		}
	}
	// Edge limb values: r and the entries any value below 2^256.
	rng := rand.New(rand.NewPCG(9, 10))
	edges := fe64Edges()
	pick := func() fe64 {
		if rng.IntN(3) == 0 {
			return fe64Rand(rng)
		}
		return edges[rng.IntN(len(edges))]
	}
	for range 1500 {
		r := [4]fe64{pick(), pick(), pick(), pick()}
		q := []fe64{pick(), pick(), pick(), pick()}
		edRun(t, "Double", r, nil)
		edRun(t, "AddCached", r, q)
		edRun(t, "SubCached", r, q)
		edRun(t, "AddAffine", r, q[:3])
		edRun(t, "SubAffine", r, q[:3])
		edRun(t, "ToCached", r, q)
	}
}

// sameCached reports whether the cached64 entries a and b are the same
// point: each element over 2Z agrees.
func sameCached(a, b *cached64) bool {
	for i := range a {
		l := fe64Mod(new(big.Int).Mul(fe64ToBig(&a[i]), fe64ToBig(&b[2])))
		r := fe64Mod(new(big.Int).Mul(fe64ToBig(&b[i]), fe64ToBig(&a[2])))
		if l.Cmp(r) != 0 {
			return false
		}
	}
	return true
}

// TestOddMultiples64 checks the fe64 per-call tables against field25519's
// oddMultiplesTable, on the assembly and the Go model.
func TestOddMultiples64(t *testing.T) {
	for _, P := range []*Point{NewIdentityPoint(), NewGeneratorPoint(), mixedOrderPoint(t, 3), mixedOrderPoint(t, 6)} {
		var want [8]projCached
		oddMultiplesTable(want[:], P)
		for _, model := range []bool{false, true} {
			var got [8]cached64
			oddMultiples64(modelGroup(model), got[:], P)
			for i := range got {
				var w cached64
				cached64From(&w, &want[i])
				if !sameCached(&got[i], &w) {
					t.Fatalf("oddMultiples64 (Go model %v) entry %d differs", model, i)
				}
			}
		}
	}
}

func ptr(r [4]fe64) *[4]fe64 { return &r }

// fe64SplitTables returns the package's basepoint tables with their fe64
// odd multiples: the loaded ones where the fe64 loop runs, elsewhere a
// copy given them by straus64Make on the Go model (made once).
var fe64SplitTables = sync.OnceValues(func() (*basepointTables, error) {
	bt := baseTables()
	if ladder64HasAsm {
		if bt.odd64 == nil {
			return nil, errors.New("the basepoint tables have no fe64 odd multiples")
		}
		return bt, nil
	}
	if bt.odd64 != nil {
		return nil, errors.New("fe64 tables made where the fe64 loop cannot run")
	}
	c := *bt
	if !straus64Make(&c, fe64GroupGo) {
		return nil, errors.New("straus64Make failed")
	}
	return &c, nil
})

// splitTestPaths are the paths checkSplit runs besides the exported
// methods: the field25519 loop on the tables, the fe64 loop on the Go
// model, and on the assembly where it runs.
func splitTestPaths() []splitPath {
	p := []splitPath{splitTable, splitFe64Go}
	if ladder64HasAsm {
		p = append(p, splitFe64)
	}
	return p
}

// TestStraus64Dispatch checks that the exported methods take the fe64 loop
// exactly where it runs, and that Assembly() names it then.
func TestStraus64Dispatch(t *testing.T) {
	want := splitTable
	if ladder64HasAsm {
		want = splitFe64
	}
	if got := splitPathFor(baseTables()); got != want {
		t.Fatalf("splitPathFor = %d, want %d", got, want)
	}
	if named := strings.Contains(Assembly(), "verification loop"); named != (want == splitFe64) {
		t.Fatalf("Assembly() = %q with the fe64 Straus loop on: %v", Assembly(), want == splitFe64)
	}
}

// FuzzStraus64 compares VarTimeSplitBaseMult on the fe64 assembly and Go
// model with field25519's loop, on arbitrary scalars (any 32 bytes,
// reduced) and the points of arbitrary scalars.
func FuzzStraus64(f *testing.F) {
	f.Add(make([]byte, 192))
	f.Add(append(make([]byte, 96), bytesOf(0xff, 96)...))
	bt, err := fe64SplitTables()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 192 {
			return
		}
		var s [6]Scalar
		for i := range s {
			wide := make([]byte, 64)
			copy(wide, b[32*i:32*i+32])
			s[i].SetUniformBytes(wide)
		}
		A := new(Point).ScalarBaseMult(&s[4])
		C := new(Point).ScalarBaseMult(&s[5])
		T, err := new(Point).SetBytes(mustHex(t, smallOrderHex[int(b[0])%len(smallOrderHex)]))
		if err != nil {
			t.Fatal(err)
		}
		C.Add(C, T)
		var want Point
		want.varTimeSplitWith(bt, splitTable, &s[0], &s[1], &s[2], nil, nil, A, nafWindow, &s[3], C)
		for _, path := range splitTestPaths()[1:] {
			var got Point
			got.varTimeSplitWith(bt, path, &s[0], &s[1], &s[2], nil, nil, A, nafWindow, &s[3], C)
			checkSame(t, fmt.Sprintf("fe64 path %d", path), &got, want.Bytes())
		}
	})
}

func bytesOf(c byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return b
}

// TestVarTimeDoubleFe64 checks VarTimeDoubleScalarMult and
// VarTimeDoubleScalarBaseMult on the fe64 Straus loop, on the Go model and
// (where it runs) the assembly, against mulBig sums: edge scalars paired
// with each other, random scalars, prime-order and mixed-order points, the
// identity. The exported methods are checked against the same sums.
func TestVarTimeDoubleFe64(t *testing.T) {
	bt, err := fe64SplitTables()
	if err != nil {
		t.Fatal(err)
	}
	groups := []fe64Group{fe64GroupGo}
	if ladder64HasAsm {
		groups = append(groups, fe64GroupAsm)
	}
	P, M, G, I := randPoint(t), mixedOrderPoint(t, 5), NewGeneratorPoint(), NewIdentityPoint()
	edges := edgeScalars(t)
	n := len(edges)
	if testing.Short() {
		n = 12
	}
	check := func(ab, cb []byte, P, Q *Point) {
		t.Helper()
		a, c := scalarFrom(t, ab), scalarFrom(t, cb)
		A, C := bigle.Int(ab), bigle.Int(cb)
		want := new(Point).Add(mulBig(A, P), mulBig(C, Q)).Bytes()
		wantB := new(Point).Add(mulBig(A, P), mulBig(C, G)).Bytes()
		for _, g := range groups {
			checkSame(t, fmt.Sprintf("varTimeDoubleScalarMult64(%d)", g), new(Point).varTimeDoubleScalarMult64(g, a, P, c, Q), want)
			checkSame(t, fmt.Sprintf("varTimeDoubleBase64(%d)", g), new(Point).varTimeDoubleBase64(g, bt, a, P, c), wantB)
		}
		checkSame(t, "VarTimeDoubleScalarMult", new(Point).VarTimeDoubleScalarMult(a, P, c, Q), want)
		checkSame(t, "VarTimeDoubleScalarBaseMult", new(Point).VarTimeDoubleScalarBaseMult(a, P, c), wantB)
	}
	for i := range n {
		check(edges[i], edges[(7*i+3)%len(edges)], P, M)
		check(edges[(5*i+1)%len(edges)], edges[i], M, I)
	}
	for range 4 {
		check(randScalarBytes(t), randScalarBytes(t), M, P)
	}
}

// strausWith is varTimeStraus on the given path (a scratch of its own
// carries it): the field25519 loop, the fe64 Go model, or the package's
// choice.
func strausWith(path msm64Path, v *Point, scalars []*Scalar, points []*Point) *Point {
	sc := new(msmScratch)
	sc.fast.path = path
	sc.load(scalars)
	return sc.straus(v, points)
}

// bigSum is Σ scalars[i]·points[i] by mulBig (math/big scalars,
// double-and-add over Add): the reference for the fe64 Straus, whose
// code shares nothing with it.
func bigSum(scalars []*Scalar, points []*Point) []byte {
	acc := NewIdentityPoint()
	for i := range points {
		acc.Add(acc, mulBig(bigle.Int(scalars[i].Bytes()), points[i]))
	}
	return acc.Bytes()
}

// straus64Inputs returns pippenger64Inputs's n terms (zero, one, −1,
// short and random scalars on decoded and projective points, the
// identity, mixed-order points, repeats and negations) with, for n ≥ 4,
// the generator (with Z = 1, so the basepoint table's term) at a random
// place and sparse scalars (a few ±1 NAF digits) on a decoded point, a
// projective one and the identity.
func straus64Inputs(t testing.TB, rng *rand.Rand, n int) ([]*Scalar, []*Point) {
	scalars, points := pippenger64Inputs(t, rng, n)
	if n < 4 {
		return scalars, points
	}
	g := rng.IntN(n)
	points[g] = NewGeneratorPoint()
	if g == 0 || rng.IntN(2) == 0 {
		scalars[g] = scalarFrom(t, randScalarBytes(t))
	}
	for i, p := range []*Point{randPoint(t), mixedOrderPoint(t, 2).Add(mixedOrderPoint(t, 2), randPoint(t)), NewIdentityPoint()} {
		if i == 0 {
			var err error
			if p, err = new(Point).SetBytes(p.Bytes()); err != nil {
				t.Fatal(err)
			}
		}
		scalars = append(scalars, sparseScalar(t, rng, 1+rng.IntN(12)))
		points = append(points, p)
	}
	return scalars, points
}

// TestVarTimeStraus64 checks VarTimeMultiScalarMult's Straus on fe64
// (straus64) on the Go model and, where it runs, the assembly, with the
// basepoint tables' fe64 odd multiples and without them (the generator then
// a dense term), against the field25519 Straus and against bigSum: n = 0 to
// 40 mixed terms (straus64Inputs), the generator twice, all-zero scalars,
// all-identity points, P and −P, edge scalars, and the batch-equation
// shape with sparse coefficients. It also checks that the dense and sparse
// terms, both entry forms and the basepoint term were all reached.
func TestVarTimeStraus64(t *testing.T) {
	bt, err := fe64SplitTables()
	if err != nil {
		t.Fatal(err)
	}
	noBase := *bt
	noBase.odd64 = nil
	groups := []fe64Group{fe64GroupGo}
	if ladder64HasAsm {
		groups = append(groups, fe64GroupAsm)
	}
	var sawBase, sawDense, sawAff, sawPrj bool
	check := func(what string, scalars []*Scalar, points []*Point) {
		t.Helper()
		want := bigSum(scalars, points)
		checkSame(t, what+": field25519 Straus", strausWith(p64Field25519, new(Point), scalars, points), want)
		for _, g := range groups {
			for _, tabs := range []*basepointTables{bt, &noBase} {
				sc := new(msmScratch)
				sc.load(scalars)
				got := sc.straus64(g, tabs, new(Point), points)
				checkSame(t, fmt.Sprintf("%s: straus64 (group %d, base table %v)", what, g, tabs.odd64 != nil), got, want)
				// The same scratch again, as the pool hands it back.
				sc.load(scalars)
				checkSame(t, what+": straus64 reused", sc.straus64(g, tabs, new(Point), points), want)
				for i, p := range points {
					_, sparse := msmCosts.StrausTerm(sc.terms[i])
					switch {
					case tabs.odd64 != nil && isGenerator(p):
						sawBase = true
					case !sparse:
						sawDense = true
					case sc.terms[i].NAFWeight == 0:
					case p.z.Equal(feOne) == 1:
						sawAff = true
					default:
						sawPrj = true
					}
				}
			}
		}
		checkSame(t, what+": fe64 dispatch", strausWith(p64Dispatch, new(Point), scalars, points), want)
		checkSame(t, what+": VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(scalars, points), want)
	}
	rng := rand.New(rand.NewPCG(25519, 64))
	sizes := []int{0, 1, 2, 3, 4, 5, 8, 16}
	if !testing.Short() {
		sizes = append(sizes, 33, 40)
	}
	for _, n := range sizes {
		scalars, points := straus64Inputs(t, rng, n)
		check(fmt.Sprintf("n=%d", n), scalars, points)
		// The generator twice: only the first uses its table.
		check(fmt.Sprintf("n=%d, generator twice", n),
			append(append([]*Scalar(nil), scalars...), scalarFrom(t, randScalarBytes(t)), scalarFrom(t, randScalarBytes(t))),
			append(append([]*Point(nil), points...), NewGeneratorPoint(), NewGeneratorPoint()))
	}
	P := randPoint(t)
	one := scalarFrom(t, bigToLE(big.NewInt(1)))
	r1, r2 := scalarFrom(t, randScalarBytes(t)), scalarFrom(t, randScalarBytes(t))
	check("zero scalars", []*Scalar{NewScalar(), NewScalar(), NewScalar()}, []*Point{P, NewGeneratorPoint(), mixedOrderPoint(t, 1)})
	check("identity points", []*Scalar{r1, r2}, []*Point{NewIdentityPoint(), NewIdentityPoint()})
	check("P and −P", []*Scalar{one, one}, []*Point{P, new(Point).Negate(P)})
	check("r·P and r·−P", []*Scalar{r1, r1}, []*Point{P, new(Point).Negate(P)})
	check("generator alone", []*Scalar{r1}, []*Point{NewGeneratorPoint()})
	edges := edgeScalars(t)
	es := make([]*Scalar, len(edges))
	ep := make([]*Point, len(edges))
	for i := range edges {
		es[i] = scalarFrom(t, edges[i])
		switch i % 4 {
		case 0:
			ep[i] = NewGeneratorPoint()
		case 1:
			ep[i] = randPoint(t)
		default:
			ep[i] = mixedOrderPoint(t, i%8)
		}
	}
	if testing.Short() {
		es, ep = es[:12], ep[:12]
	}
	check("edge scalars", es, ep)
	scalars, points := batchShapeInputs(t, 6)
	for i := 1; i < len(scalars); i += 2 {
		scalars[i] = sparseScalar(t, rng, 1+rng.IntN(30))
	}
	check("batch shape, sparse coefficients", scalars, points)
	if !sawBase || !sawDense || !sawAff || !sawPrj {
		t.Errorf("terms reached: basepoint %v, dense %v, sparse Z = 1 %v, sparse projective %v", sawBase, sawDense, sawAff, sawPrj)
	}
}

// TestStraus64Hook checks that the scratch's path picks the code: the
// field25519 loop, the fe64 Go model, or the assembly exactly where
// msm64On (VarTimeMultiScalarMult's one choice, shared with Pippenger).
func TestStraus64Hook(t *testing.T) {
	for path, want := range map[msm64Path]bool{
		p64Field25519: false,
		p64GoModel:    true,
		p64Dispatch:   msm64On(baseTables()),
	} {
		sc := new(msmScratch)
		sc.fast.path = path
		sc.load([]*Scalar{NewScalar()})
		if got := straus64Hook(new(Point), sc, []*Point{NewGeneratorPoint()}); got != want {
			t.Fatalf("straus64Hook on %s ran: %v, want %v", msm64PathNames[path], got, want)
		}
	}
}

// checkStrausPaths checks varTimeStraus on every path (field25519, the
// fe64 Go model, the package's choice) against want.
func checkStrausPaths(t testing.TB, what string, scalars []*Scalar, points []*Point, want []byte) {
	t.Helper()
	for path, name := range msm64PathNames {
		checkSame(t, what+" on "+name, strausWith(path, new(Point), scalars, points), want)
	}
}

// BenchmarkStraus64 times VarTimeMultiScalarMult's Straus on fe64 (the
// package's choice) and on field25519, interleaved (benchutil.Compare),
// each on a scratch of its own as the pool hands them: n random full-size
// scalars, and the batch-equation shape with 128-bit and with sparse
// coefficients.
func BenchmarkStraus64(b *testing.B) {
	run := func(name string, scalars []*Scalar, points []*Point) {
		b.Run(name, func(b *testing.B) {
			fast, slow := new(msmScratch), new(msmScratch)
			slow.fast.path = p64Field25519
			var v Point
			benchutil.Compare(b,
				benchutil.Contender{Name: "fe64", F: func() { fast.load(scalars); fast.straus(&v, points) }},
				benchutil.Contender{Name: "field25519", F: func() { slow.load(scalars); slow.straus(&v, points) }})
		})
	}
	for _, n := range []int{2, 8, 32, 128} {
		s, p := benchMultiInputs(b, n)
		run(fmt.Sprintf("n=%d", n), s, p)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, m := range []int{4, 16} {
		s, p := batchShapeInputs(b, m)
		run(fmt.Sprintf("batch-m=%d", m), s, p)
		for i := 1; i < len(s); i += 2 {
			s[i] = sparseScalar(b, rng, 24)
		}
		run(fmt.Sprintf("batch-sparse-m=%d", m), s, p)
	}
}

// BenchmarkStraus64Crossover times Straus and Pippenger (windows 5 to 7)
// interleaved (benchutil.Compare), on fe64 (the package's path) and on
// field25519, around the switch-over on n random full-size scalars, and
// reports the cost model's window ("model-c", 0 for Straus): to re-check
// msmCosts on both.
func BenchmarkStraus64Crossover(b *testing.B) {
	for _, path := range []msm64Path{p64Dispatch, p64Field25519} {
		for _, n := range []int{48, 64, 80, 96, 128, 160, 192, 256} {
			b.Run(fmt.Sprintf("%s/n=%d", msm64PathNames[path], n), func(b *testing.B) {
				s, p := benchMultiInputs(b, n)
				sc := new(msmScratch)
				sc.fast.path = path
				var v Point
				cs := []benchutil.Contender{{Name: "straus", F: func() { sc.load(s); sc.straus(&v, p) }}}
				for _, c := range []uint{5, 6, 7} {
					cs = append(cs, benchutil.Contender{Name: fmt.Sprintf("pippenger%d", c), F: func() { sc.load(s); sc.pippenger(&v, p, c) }})
				}
				benchutil.Compare(b, cs...)
				sc.load(s)
				b.ReportMetric(float64(sc.window()), "model-c")
			})
		}
	}
}

// FuzzVarTimeStraus64 compares VarTimeMultiScalarMult's Straus on fe64
// (straus64, Go model and, where it runs, assembly) with the field25519
// Straus on up to 8 terms of 34 bytes each: a scalar (32 bytes, reduced;
// kept to its low bytes when the first selector asks, which makes short
// and sparse scalars), and a point chosen by the second selector (the
// generator, the identity, a decoded point or a projective one, a
// small-order point added).
func FuzzVarTimeStraus64(f *testing.F) {
	f.Add(make([]byte, 34*3))
	f.Add(bytesOf(0xff, 34*8))
	f.Add(append(bytesOf(0x11, 34*4), bytesOf(0x80, 34*4)...))
	bt, err := fe64SplitTables()
	if err != nil {
		f.Fatal(err)
	}
	groups := []fe64Group{fe64GroupGo}
	if ladder64HasAsm {
		groups = append(groups, fe64GroupAsm)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n := min(len(b)/34, 8)
		scalars := make([]*Scalar, n)
		points := make([]*Point, n)
		for i := range n {
			e := b[34*i : 34*i+34]
			wide := make([]byte, 64)
			copy(wide, e[:32])
			if k := int(e[32] % 8); k < 4 {
				clear(wide[1+4*k : 32]) // 1 to 13 low bytes
			}
			scalars[i] = new(Scalar)
			scalars[i].SetUniformBytes(wide)
			k := new(Scalar)
			k.SetUniformBytes(append(append([]byte(nil), e[:32]...), bytesOf(e[33], 32)...))
			P := new(Point).ScalarBaseMult(k)
			T, err := new(Point).SetBytes(mustHex(t, smallOrderHex[int(e[33])%len(smallOrderHex)]))
			if err != nil {
				t.Fatal(err)
			}
			switch e[33] % 5 {
			case 0:
				points[i] = NewGeneratorPoint()
			case 1:
				points[i] = NewIdentityPoint()
			case 2: // decoded, Z = 1
				if points[i], err = new(Point).SetBytes(P.Add(P, T).Bytes()); err != nil {
					t.Fatal(err)
				}
			default:
				points[i] = P.Add(P, T)
			}
		}
		want := strausWith(p64Field25519, new(Point), scalars, points).Bytes()
		for _, g := range groups {
			sc := new(msmScratch)
			sc.load(scalars)
			checkSame(t, fmt.Sprintf("straus64 (group %d)", g), sc.straus64(g, bt, new(Point), points), want)
		}
	})
}
