package curve25519

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

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
