package curve25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The fixed-base comb on fe64 (comb64.go, fe64MaddAsm): the assembly
// against its Go model limb for limb, both against math/big and against
// field25519's addAffine + fromP1xP1; the whole comb (assembly and Go
// model) against the field25519 comb and filippo.io/edwards25519. Where
// the build or the CPU has no fe64 assembly, the asm side is the Go model
// (the test logs it).

// pointToFe64 returns p's coordinates as canonical fe64 values.
func pointToFe64(p *Point) [4]fe64 {
	var r [4]fe64
	for i, c := range [4]*fieldElement{&p.x, &p.y, &p.z, &p.t} {
		fe64SetBytes(&r[i], (*[32]byte)(c.Bytes()))
	}
	return r
}

// maddBig is l64Madd's arithmetic in math/big: the expected values mod p
// of fe64MaddGo(p, q), written from the formula, not from the plan.
func maddBig(p *[4]fe64, q *comb64Entry) [4]*big.Int {
	X, Y, Z, T := fe64ToBig(&p[0]), fe64ToBig(&p[1]), fe64ToBig(&p[2]), fe64ToBig(&p[3])
	ypx, ymx, t2d := fe64ToBig(&q[0]), fe64ToBig(&q[1]), fe64ToBig(&q[2])
	m := func(a, b *big.Int) *big.Int { return fe64Mod(new(big.Int).Mul(a, b)) }
	A := m(new(big.Int).Sub(Y, X), ymx)
	B := m(new(big.Int).Add(Y, X), ypx)
	C := m(T, t2d)
	E, H := new(big.Int).Sub(B, A), new(big.Int).Add(B, A)
	G, F := new(big.Int).Add(Z, C), new(big.Int).Sub(Z, C)
	return [4]*big.Int{m(E, F), m(G, H), m(F, G), m(E, H)}
}

// checkMadd runs fe64MaddAsm and fe64MaddGo on p and q, compares them limb
// for limb and with maddBig, checks the results are small, and returns
// the result.
func checkMadd(t testing.TB, p [4]fe64, q comb64Entry) [4]fe64 {
	t.Helper()
	got, ref := p, p
	qa, qr := q, q
	fe64MaddAsm(&got, &qa)
	fe64MaddGo(&ref, &qr)
	if got != ref || qa != q || qr != q {
		t.Fatalf("fe64Madd(%x, %x): asm %x, Go %x", p, q, got, ref)
	}
	want := maddBig(&p, &q)
	for i := range got {
		g := fe64ToBig(&got[i])
		if g.Cmp(fe64SmallBound) >= 0 {
			t.Fatalf("fe64Madd(%x, %x)[%d] = %x, not small", p, q, i, g)
		}
		if fe64Mod(g).Cmp(want[i]) != 0 {
			t.Fatalf("fe64Madd(%x, %x)[%d] = %x, want ≡ %x", p, q, i, g, want[i])
		}
	}
	return got
}

// sameExtended reports whether a and b are the same point with
// consistent T: X, Y and T over Z agree.
func sameExtended(a, b *Point) bool {
	var l, r fieldElement
	for _, c := range [][2]*fieldElement{{&a.x, &b.x}, {&a.y, &b.y}, {&a.t, &b.t}} {
		l.Multiply(c[0], &b.z)
		r.Multiply(c[1], &a.z)
		if l.Equal(&r) != 1 {
			return false
		}
	}
	return true
}

// negEntry is −q: the halves swapped and d·x·y negated as comb64Lookup does.
func negEntry(q comb64Entry) comb64Entry {
	var n comb64Entry
	n[0], n[1] = q[1], q[0]
	fe64Sub(&n[2], &fe64{}, &q[2])
	return n
}

func TestFe64Madd(t *testing.T) {
	if !comb64HasAsm {
		t.Log("no fe64 comb assembly in this build or on this CPU: fe64MaddAsm is the Go model")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var pts []*Point
	pts = append(pts, NewIdentityPoint(), NewGeneratorPoint())
	for range 12 {
		p := randPoint(t)
		pts = append(pts, p)
	}
	pts = append(pts, mixedOrderPoint(t, 3))
	for i, P := range pts {
		for j, Q := range pts {
			var qa affineCached
			qa.fromP3(Q)
			var q comb64Entry
			comb64FromAffine(&q, &qa)
			for neg, qq := range []comb64Entry{q, negEntry(q)} {
				got := checkMadd(t, pointToFe64(P), qq)
				var want Point
				var r projP1xP1
				if neg == 1 {
					r.subAffine(P, &qa)
				} else {
					r.addAffine(P, &qa)
				}
				want.fromP1xP1(&r)
				var g Point
				g.fromFe64(&got)
				if !sameExtended(&g, &want) {
					t.Fatalf("point %d %s entry %d: fe64 and field25519 disagree", i, []string{"+", "−"}[neg], j)
				}
				if i == j && neg == 1 && g.Equal(NewIdentityPoint()) != 1 {
					t.Fatalf("P + (−P) ≠ identity for point %d", i)
				}
				if i == j && neg == 0 && g.Equal(new(Point).Add(P, P)) != 1 {
					t.Fatalf("P + P ≠ 2P for point %d", i)
				}
			}
		}
		// The identity entry.
		got := checkMadd(t, pointToFe64(P), comb64Identity)
		var g Point
		if g.fromFe64(&got).Equal(P) != 1 {
			t.Fatalf("point %d + identity entry ≠ point", i)
		}
	}
	// Edge limb values: X, Y, Z small (as the comb keeps them), T and the
	// entry any value below 2^256.
	edges := fe64Edges()
	var small []fe64
	for _, e := range edges {
		if fe64ToBig(&e).Cmp(fe64SmallBound) < 0 {
			small = append(small, e)
		}
	}
	pick := func(s []fe64) fe64 { return s[rng.IntN(len(s))] }
	for range 3000 {
		p := [4]fe64{pick(small), pick(small), pick(small), pick(edges)}
		q := comb64Entry{pick(edges), pick(edges), pick(edges)}
		if rng.IntN(3) == 0 {
			p[rng.IntN(3)] = fe64Rand(rng)
			p[rng.IntN(3)][3] &= 1<<63 - 1
			q[rng.IntN(3)] = fe64Rand(rng)
		}
		checkMadd(t, p, q)
	}
}

// comb64Tables returns the basepoint tables with their fe64 form: the
// package's where the fe64 comb runs (failing if they have none), a copy
// given one by comb64Make elsewhere.
func comb64Tables(t testing.TB) *basepointTables {
	bt := baseTables()
	if !bt.ok {
		t.Fatal("the basepoint tables failed their check")
	}
	if comb64HasAsm {
		if bt.fixed64 == nil {
			t.Fatal("the basepoint tables have no fe64 form")
		}
		return bt
	}
	if bt.fixed64 != nil {
		t.Fatal("fe64 tables made where the fe64 comb cannot run")
	}
	c := *bt
	if !comb64Make(&c, false) {
		t.Fatal("comb64Make failed")
	}
	return &c
}

// comb64Scalars are edgeScalars, random scalars and the all-digit
// patterns of crossVerifyScalars.
func comb64Scalars(t testing.TB) [][]byte {
	out := edgeScalars(t)
	for i := range crossVerifyScalars {
		out = append(out, crossVerifyScalars[i][:])
	}
	for range 40 {
		out = append(out, randScalarBytes(t))
	}
	return out
}

func TestComb64ScalarBaseMult(t *testing.T) {
	bt := comb64Tables(t)
	plain := *bt
	plain.fixed64 = nil // the field25519 comb
	for _, kb := range comb64Scalars(t) {
		k := scalarFrom(t, kb)
		// The oracle is the variable-base ScalarMult on the generator (the
		// interop module compares ScalarBaseMult with filippo's too).
		want := new(Point).ScalarMult(k, NewGeneratorPoint()).Bytes()
		checkSame(t, "comb64 Go model", comb64Mult(new(Point), bt, k, false), want)
		checkSame(t, "comb64 asm", comb64Mult(new(Point), bt, k, comb64HasAsm), want)
		checkSame(t, "field25519 comb", new(Point).scalarBaseMultTable(&plain, k), want)
		checkSame(t, "ScalarBaseMult", new(Point).ScalarBaseMult(k), want)
	}
	// Scalars past ℓ, through the wide and clamped setters (2^255 − 1
	// clamped, and 64 bytes of ones).
	var s Scalar
	ones := bytes.Repeat([]byte{0xff}, 64)
	if _, err := s.SetUniformBytes(ones); err != nil {
		t.Fatal(err)
	}
	checkSame(t, "comb64 wide", comb64Mult(new(Point), bt, &s, comb64HasAsm), new(Point).ScalarMult(&s, NewGeneratorPoint()).Bytes())
	if _, err := s.SetBytesWithClamping(ones[:32]); err != nil {
		t.Fatal(err)
	}
	checkSame(t, "comb64 clamped", comb64Mult(new(Point), bt, &s, comb64HasAsm), new(Point).ScalarMult(&s, NewGeneratorPoint()).Bytes())
}

// TestComb64Dispatch checks that Assembly() names the fe64 comb exactly
// where it runs (TestComb64ScalarBaseMult compares it with the field25519
// comb on the same tables).
func TestComb64Dispatch(t *testing.T) {
	comb64Tables(t)
	named := bytes.Contains([]byte(Assembly()), []byte("fixed-base comb"))
	if on := comb64HasAsm && baseTables().fixed64 != nil; named != on {
		t.Fatalf("Assembly() = %q with the fe64 comb on: %v", Assembly(), on)
	}
}

// FuzzComb64 compares the fe64 comb (assembly and Go model) with the
// field25519 comb on arbitrary 64-byte wide scalars.
func FuzzComb64(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add(bytes.Repeat([]byte{0x88}, 64))
	bt := comb64Tables(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 64 {
			return
		}
		var s Scalar
		if _, err := s.SetUniformBytes(b); err != nil {
			t.Fatal(err)
		}
		plain := *bt
		plain.fixed64 = nil // the field25519 comb
		want := new(Point).scalarBaseMultTable(&plain, &s)
		checkSame(t, "comb64 asm", comb64Mult(new(Point), bt, &s, comb64HasAsm), want.Bytes())
		checkSame(t, "comb64 Go model", comb64Mult(new(Point), bt, &s, false), want.Bytes())
	})
}

// TestFe64Half checks fe64Half against math/big on edge and random values
// below p.
func TestFe64Half(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	inv2 := new(big.Int).ModInverse(big.NewInt(2), x25519BigP)
	vals := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), new(big.Int).Sub(x25519BigP, big.NewInt(1)),
		new(big.Int).Sub(x25519BigP, big.NewInt(2)), new(big.Int).Rsh(x25519BigP, 1)}
	for range 1000 {
		v := fe64Rand(rng)
		vals = append(vals, fe64Mod(fe64ToBig(&v)))
	}
	for _, x := range vals {
		v := fe64FromBig(x)
		fe64Half(&v)
		want := fe64Mod(new(big.Int).Mul(x, inv2))
		if fe64ToBig(&v).Cmp(want) != 0 {
			t.Fatalf("fe64Half(%x) = %x, want %x", x, fe64ToBig(&v), want)
		}
	}
}
