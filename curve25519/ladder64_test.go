package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/xdhtest"
)

// The fe64 ladder (zz_generated_ladder64*.go, zz_generated_ladder64_amd64.s):
// the assembly against its Go model limb for limb, both against math/big,
// and the whole X25519 on both against the field25519 ladder, math/big
// (x25519BigRef) and crypto/ecdh. Where the build or the CPU has no
// assembly, the *Asm functions are the Go model and the comparisons of the
// two are trivial (the test logs it); the Go model is still checked
// against math/big and the field25519 ladder.

func fe64ToBig(v *fe64) *big.Int {
	x := new(big.Int)
	for i := len(v) - 1; i >= 0; i-- {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(v[i]))
	}
	return x
}

func fe64FromBig(x *big.Int) fe64 {
	var v fe64
	b := x.FillBytes(make([]byte, 32))
	for i := range v {
		for k := range 8 {
			v[i] |= uint64(b[31-8*i-k]) << (8 * k)
		}
	}
	return v
}

// fe64Edges are values at the edges of the representation: 0, 1, 2, 19,
// 38, p − 1, p, p + 1, 2^255 − 1, 2^255, 2^255 + 2^23 − 1 and 2^255 + 2^23
// (Add's and Sub's bound), 2p − 1, 2p, 2^256 − 38, 2^256 − 2, 2^256 − 1
// and words of all ones and zeros.
func fe64Edges() []fe64 {
	one := big.NewInt(1)
	p := x25519BigP
	R := new(big.Int).Lsh(one, 256)
	vals := []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(19), big.NewInt(38),
		new(big.Int).Sub(p, one), p, new(big.Int).Add(p, one),
		new(big.Int).Sub(new(big.Int).Lsh(one, 255), one), new(big.Int).Lsh(one, 255),
		new(big.Int).Sub(fe64SmallBound, one), new(big.Int).Set(fe64SmallBound),
		new(big.Int).Sub(new(big.Int).Lsh(p, 1), one), new(big.Int).Lsh(p, 1),
		new(big.Int).Sub(R, big.NewInt(38)), new(big.Int).Sub(R, big.NewInt(2)), new(big.Int).Sub(R, one)}
	out := make([]fe64, 0, len(vals)+4)
	for _, v := range vals {
		out = append(out, fe64FromBig(v))
	}
	m := ^uint64(0)
	out = append(out, fe64{m, 0, m, 0}, fe64{0, m, 0, m}, fe64{m, m, m, 0}, fe64{0, 0, 0, m})
	return out
}

// fe64Rand returns a random value below 2^256, often with long runs of
// ones (where the folds carry).
func fe64Rand(rng *rand.Rand) fe64 {
	v := fe64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
	switch rng.IntN(6) {
	case 0:
		for i := 1; i < 4; i++ {
			v[i] = ^uint64(0)
		}
	case 1:
		v[3] = ^uint64(0) - rng.Uint64N(64)
	case 2, 3: // small: below 2^255, sometimes just below
		v[3] &= 1<<63 - 1
		if rng.IntN(2) == 0 {
			v[1], v[2], v[3] = ^uint64(0), ^uint64(0), 1<<63-1
		}
	}
	return v
}

func fe64Mod(x *big.Int) *big.Int { return new(big.Int).Mod(x, x25519BigP) }

// fe64SmallBound is 2^255 + 2^23: the products are below it, and Add and
// Sub are correct for operands below it (zz_generated_ladder64.go).
var fe64SmallBound = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1<<23))

// fe64CheckOps compares every assembly operation with the Go model (on any
// inputs: both wrap alike where Add and Sub get operands above their
// bound) and both with math/big (within the bounds), and checks that the
// products are small.
func fe64CheckOps(t testing.TB, a, b fe64) {
	t.Helper()
	A, B := fe64ToBig(&a), fe64ToBig(&b)
	small := A.Cmp(fe64SmallBound) < 0 && B.Cmp(fe64SmallBound) < 0
	type binop struct {
		name     string
		asm, ref func(v, a, b *fe64)
		want     *big.Int
		product  bool
	}
	for _, o := range []binop{
		{"Mul", fe64MulAsm, fe64Mul, new(big.Int).Mul(A, B), true},
		{"Sqr", func(v, a, _ *fe64) { fe64SqrAsm(v, a) }, func(v, a, _ *fe64) { fe64Sqr(v, a) }, new(big.Int).Mul(A, A), true},
		{"A24Add", fe64A24AddAsm, fe64A24Add, new(big.Int).Add(new(big.Int).Mul(A, big.NewInt(121666)), B), true},
		{"Add", fe64AddAsm, fe64Add, new(big.Int).Add(A, B), false},
		{"Sub", fe64SubAsm, fe64Sub, new(big.Int).Sub(A, B), false},
	} {
		var got, ref fe64
		o.asm(&got, &a, &b)
		o.ref(&ref, &a, &b)
		if got != ref {
			t.Fatalf("%s(%x, %x): asm %x, Go %x", o.name, a, b, got, ref)
		}
		if (o.product || small) && fe64Mod(fe64ToBig(&got)).Cmp(fe64Mod(o.want)) != 0 {
			t.Fatalf("%s(%x, %x) = %x, want ≡ %x", o.name, a, b, got, fe64Mod(o.want))
		}
		if o.product && fe64ToBig(&got).Cmp(fe64SmallBound) >= 0 {
			t.Fatalf("%s(%x, %x) = %x, not below 2^255 + 2^23", o.name, a, b, got)
		}
		c := a // aliased output
		o.asm(&c, &c, &b)
		if c != ref {
			t.Fatalf("%s(%x, %x) into a: %x, want %x", o.name, a, b, c, ref)
		}
		if o.name == "Sqr" {
			continue
		}
		c = b
		o.asm(&c, &a, &c)
		if c != ref {
			t.Fatalf("%s(%x, %x) into b: %x, want %x", o.name, a, b, c, ref)
		}
	}
}

func TestFe64Ops(t *testing.T) {
	if !ladder64HasAsm {
		t.Log("no fe64 assembly in this build or on this CPU: the Go model is compared with itself and math/big")
	}
	edges := fe64Edges()
	for _, a := range edges {
		for _, b := range edges {
			fe64CheckOps(t, a, b)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		fe64CheckOps(t, fe64Rand(rng), fe64Rand(rng))
	}
}

func TestFe64Invert(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := fe64Edges()
	for range 50 {
		vals = append(vals, fe64Rand(rng))
	}
	pm2 := new(big.Int).Sub(x25519BigP, big.NewInt(2))
	for _, z := range vals {
		var got, ref fe64
		fe64InvertAsm(&got, &z)
		fe64InvertGo(&ref, &z)
		want := new(big.Int).Exp(fe64ToBig(&z), pm2, x25519BigP)
		if got != ref || fe64Mod(fe64ToBig(&got)).Cmp(want) != 0 {
			t.Fatalf("Invert(%x): asm %x, Go %x, want ≡ %x", z, got, ref, want)
		}
		c := z
		fe64InvertAsm(&c, &c)
		if c != ref {
			t.Fatalf("Invert(%x) in place: %x, want %x", z, c, ref)
		}
	}
}

func TestFe64Bytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	vals := fe64Edges()
	for range 1000 {
		vals = append(vals, fe64Rand(rng))
	}
	for _, v := range vals {
		var got [32]byte
		fe64Bytes(&got, &v)
		want := fe64Mod(fe64ToBig(&v)).FillBytes(make([]byte, 32))
		for i, j := 0, 31; i < j; i, j = i+1, j-1 {
			want[i], want[j] = want[j], want[i]
		}
		if !bytes.Equal(got[:], want) {
			t.Fatalf("Bytes(%x) = %x, want %x", v, got, want)
		}
		var back fe64
		fe64SetBytes(&back, &got)
		if back != fe64FromBig(fe64Mod(fe64ToBig(&v))) {
			t.Fatalf("SetBytes(Bytes(%x)) = %x", v, back)
		}
	}
	// SetBytes masks bit 255 and keeps values ≥ p as they are.
	ff := [32]byte{}
	for i := range ff {
		ff[i] = 0xff
	}
	var v fe64
	fe64SetBytes(&v, &ff)
	if m := ^uint64(0); v != (fe64{m, m, m, m >> 1}) {
		t.Fatalf("SetBytes(ff…ff) = %x", v)
	}
}

// x25519Ladder64Inputs returns clamped scalars and u-coordinates: the edge
// grid of x25519EdgeInputs and x25519LowOrder, the RFC's and more edges
// (0, 1, p − 1, p, p + 1, 2^255 − 1, bit 255 set, non-canonical u), and
// random ones.
func x25519Ladder64Inputs(t testing.TB, n int) (scalars, points [][32]byte) {
	ks, us := x25519EdgeInputs(t)
	for _, h := range x25519LowOrder {
		us = append(us, xdhtest.Hex(t, h))
	}
	for _, h := range []string{
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // p − 1 with bit 255
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // 2^255 − 1 = p + 18
		"f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p + 3
		"0900000000000000000000000000000000000000000000000000000000000000", // the basepoint, on the ladder here
	} {
		us = append(us, xdhtest.Hex(t, h))
	}
	for range n {
		ks = append(ks, xdhtest.Random(t, 32))
		us = append(us, xdhtest.Random(t, 32))
	}
	for _, k := range ks {
		var e [32]byte
		clampScalar(&e, k)
		scalars = append(scalars, e)
	}
	for _, u := range us {
		points = append(points, [32]byte(u))
	}
	return scalars, points
}

// TestLadder64 runs ladder64Asm against ladder64Go limb for limb, and the
// whole X25519 on both against the field25519 ladder (ladderMontgomery),
// crypto/ecdh and, on a subset, math/big.
func TestLadder64(t *testing.T) {
	if !ladder64HasAsm {
		t.Log("no fe64 assembly in this build or on this CPU: the Go model is compared with itself")
	}
	n := 20
	if testing.Short() || !ladder64HasAsm { // the Go model is slow on 32-bit targets
		n = 4
	}
	scalars, points := x25519Ladder64Inputs(t, n)
	count := 0
	for i, e := range scalars {
		for j, u := range points {
			var x1 fe64
			fe64SetBytes(&x1, &u)
			var got, ref [2]fe64
			ladder64Asm(&got, &e, &x1)
			ladder64Go(&ref, &e, &x1)
			if got != ref {
				t.Fatalf("ladder(%x, %x): asm %x, Go %x", e, u, got, ref)
			}
			var outAsm, outGo, outField [32]byte
			x25519Ladder64Asm(&outAsm, &e, &u)
			x25519Ladder64Go(&outGo, &e, &u)
			var x fieldElement
			if _, err := x.SetBytes(u[:]); err != nil {
				t.Fatal(err)
			}
			ladderMontgomery(&outField, &e, &x)
			if outAsm != outGo || outAsm != outField {
				t.Fatalf("X25519(%x, %x): asm %x, Go model %x, field25519 %x", e, u, outAsm, outGo, outField)
			}
			var want []byte
			if (i+j)%7 == 0 || i < 2 { // math/big is slow: a subset
				want = x25519BigRef(e[:], u[:])
			} else {
				priv, err := ecdh.X25519().NewPrivateKey(e[:])
				if err != nil {
					t.Fatal(err)
				}
				pub, err := ecdh.X25519().NewPublicKey(u[:])
				if err != nil {
					t.Fatal(err)
				}
				if want, err = priv.ECDH(pub); err != nil {
					want = make([]byte, 32)
				}
			}
			if !bytes.Equal(outAsm[:], want) {
				t.Fatalf("X25519(%x, %x) = %x, want %x", e, u, outAsm, want)
			}
			count++
		}
	}
	t.Logf("%d scalar–point pairs", count)
}

// TestLadder64Dispatch checks that Assembly() names the fe64 ladder
// exactly where it runs (the X25519 tests run it and the field25519 ladder
// side by side: x25519Impls).
func TestLadder64Dispatch(t *testing.T) {
	named := bytes.Contains([]byte(Assembly()), []byte("X25519 ladder"))
	if named != ladder64On() {
		t.Fatalf("Assembly() = %q with the fe64 ladder on: %v", Assembly(), ladder64On())
	}
	if ladder64HasAsm && !ladder64On() {
		t.Fatal("the fe64 ladder failed its self-test on this CPU")
	}
}

// FuzzLadder64 compares the assembly ladder with the field25519 ladder
// and the Go model on arbitrary scalars and u-coordinates.
func FuzzLadder64(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Add(bytes.Repeat([]byte{0x5a}, 32), append([]byte{9}, make([]byte, 31)...))
	f.Fuzz(func(t *testing.T, k, u []byte) {
		if len(k) != 32 || len(u) != 32 {
			return
		}
		var e [32]byte
		clampScalar(&e, k)
		var outAsm, outGo, outField [32]byte
		x25519Ladder64Asm(&outAsm, &e, (*[32]byte)(u))
		x25519Ladder64Go(&outGo, &e, (*[32]byte)(u))
		var x fieldElement
		if _, err := x.SetBytes(u); err != nil {
			t.Fatal(err)
		}
		ladderMontgomery(&outField, &e, &x)
		if outAsm != outGo || outAsm != outField {
			t.Fatalf("X25519(%x, %x): asm %x, Go model %x, field25519 %x", k, u, outAsm, outGo, outField)
		}
	})
}

// BenchmarkLadder64 times the parts of x25519Ladder64Asm: the ladder, the
// inversion, and chains of 100 multiplications and squarings.
func BenchmarkLadder64(b *testing.B) {
	if !ladder64HasAsm {
		b.Skip("no fe64 assembly in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	x, y := fe64Rand(rng), fe64Rand(rng)
	var e [32]byte
	clampScalar(&e, xdhtest.Random(b, 32))
	var st [2]fe64
	b.Run("ladder", func(b *testing.B) {
		for b.Loop() {
			ladder64Asm(&st, &e, &x)
		}
	})
	b.Run("invert", func(b *testing.B) {
		for b.Loop() {
			fe64InvertAsm(&x, &x)
		}
	})
	b.Run("mul100", func(b *testing.B) {
		for b.Loop() {
			for range 100 {
				fe64MulAsm(&x, &x, &y)
			}
		}
	})
	b.Run("sqr100", func(b *testing.B) {
		for b.Loop() {
			for range 100 {
				fe64SqrAsm(&x, &x)
			}
		}
	})
}
