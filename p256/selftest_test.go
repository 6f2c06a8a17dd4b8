package p256

import (
	"crypto/ecdh"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
)

// The point assembly's first-use self-test (selftest.go): it passes on
// the assembly and the Go code, fails on a faulty implementation given as
// a parameter, and the fallback it selects then gives crypto/ecdh's
// results.

func TestJacobianSelfTest(t *testing.T) {
	if !jacobianSelfTest(jacobianGoImpl) {
		t.Fatal("the Go code fails its own self-test")
	}
	if !jacobianAsmOK(jacobianHasAsm, jacobianAsmImpl) {
		t.Fatal("the point assembly fails the self-test")
	}
	if got := FastPathFailures(); got != nil {
		t.Fatalf("FastPathFailures() = %q", got)
	}
	if named := strings.Contains(Assembly(), "Jacobian point formulas"); named != jacobianUseAsm {
		t.Fatalf("Assembly() = %q with the point assembly switched %v", Assembly(), jacobianUseAsm)
	}
	// The inputs are distinct and include the carry-heavy limbs.
	pts, aff := jacobianSelfTestInputs()
	seen := map[[32]byte]bool{}
	for _, p := range pts {
		for _, e := range []*fieldp256.Element{&p.x, &p.y, &p.z} {
			seen[[32]byte(e.Bytes())] = true
		}
	}
	for _, a := range aff {
		seen[[32]byte(a.x.Bytes())], seen[[32]byte(a.y.Bytes())] = true, true
	}
	if len(seen) < 10 {
		t.Fatalf("only %d distinct coordinates in the self-test's inputs", len(seen))
	}
}

// flip changes p's y (to y + 1).
func flip(p *jacobianPoint) {
	var one fieldp256.Element
	one.One()
	p.y.Add(&p.y, &one)
}

// faultyImpls are the assembly (or the Go code, testedImpl) with one routine broken:
// its result has one bit flipped whenever the result's x has an odd
// canonical encoding (about half of the calls).
func faultyImpls() map[string]jacobianImpl {
	base := testedImpl()
	odd := func(p *jacobianPoint) bool { b := p.x.Bytes(); return b[31]&1 == 1 }
	out := map[string]jacobianImpl{}
	f := base
	f.double = func(p, a *jacobianPoint) {
		base.double(p, a)
		if odd(p) {
			flip(p)
		}
	}
	out["double"] = f
	f = base
	f.addAffine = func(p, a *jacobianPoint, b *affinePoint) {
		base.addAffine(p, a, b)
		if odd(p) {
			flip(p)
		}
	}
	out["addAffine"] = f
	f = base
	f.add = func(p, a, b *jacobianPoint) {
		base.add(p, a, b)
		if odd(p) {
			flip(p)
		}
	}
	out["add"] = f
	f = base
	f.doubleN = func(p *jacobianPoint, n int) {
		base.doubleN(p, n)
		if odd(p) {
			flip(p)
		}
	}
	out["doubleN"] = f
	f = base
	f.digit = func(p *jacobianPoint, e *affinePoint, neg, zero int) {
		base.digit(p, e, neg, zero)
		if odd(p) {
			flip(p)
		}
	}
	out["digit"] = f
	return out
}

// implScalarBaseMult computes k·G (k big-endian, 0 < k < n) with impl's
// routines: the digit step and a doubling per bit of k's top 252 bits
// (from the identity), four doublings in one doubleN, then the low nibble
// L·G added: by a mixed addition for L = 1, else as the Jacobian point
// 2G + (L − 2)·G (doubling, mixed additions) through the full addition.
// Variable time; for the tests.
func implScalarBaseMult(impl jacobianImpl, k []byte) ([65]byte, error) {
	g := affinePoint{generator.x, generator.y}
	var acc jacobianPoint // Z = 0: the identity
	for i := 0; i < 252; i++ {
		impl.double(&acc, &acc)
		bit := int(k[i/8]>>(7-i%8)) & 1
		impl.digit(&acc, &g, 0, 1-bit)
	}
	impl.doubleN(&acc, 4)
	switch low := int(k[31] & 15); {
	case low == 1:
		impl.addAffine(&acc, &acc, &g)
	case low >= 2:
		var t, gj jacobianPoint
		gj.x, gj.y = g.x, g.y
		gj.z.One()
		impl.double(&t, &gj)
		for range low - 2 {
			impl.addAffine(&t, &t, &g)
		}
		impl.add(&acc, &acc, &t)
	}
	var p point
	p.fromJacobian(&acc)
	return p.bytes()
}

// TestJacobianSelfTestFault breaks each routine in turn (the
// implementation is a parameter): the self-test must fail, the assembly
// must not be selected, the broken routines must give wrong public keys
// (so the fault is real), and the routines selected instead (the Go
// code) must give crypto/ecdh's.
func TestJacobianSelfTestFault(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	for name, bad := range faultyImpls() {
		t.Run(name, func(t *testing.T) {
			if jacobianSelfTest(bad) || jacobianAsmOK(true, bad) {
				t.Fatal("the self-test passed a faulty implementation")
			}
			if !jacobianAsmOK(false, bad) {
				t.Fatal("an assembly that does not exist failed")
			}
			selected := bad
			if !jacobianAsmOK(true, bad) {
				selected = jacobianGoImpl // what jacobianCheck falls back to
			}
			wrong := 0
			for range 8 {
				var priv *ecdh.PrivateKey
				var k []byte
				for priv == nil {
					k = randBytes(rng, 32)
					priv, _ = ecdh.P256().NewPrivateKey(k)
				}
				want := priv.PublicKey().Bytes()
				got, err := implScalarBaseMult(selected, k)
				if err != nil || string(got[:]) != string(want) {
					t.Fatalf("fallback: k·G = %x, crypto/ecdh %x", got, want)
				}
				if b, err := implScalarBaseMult(bad, k); err != nil || string(b[:]) != string(want) {
					wrong++
				}
			}
			if wrong == 0 {
				t.Fatal("the faulty routine never gave a wrong key: the fault is not real")
			}
		})
	}
}

// TestJacobianSelfTestCarryFault breaks the doubling only where its input
// has the carry-heavy limbs of p − 1 in X (a fault no random input meets):
// the self-test's fixed inputs must still catch it.
func TestJacobianSelfTestCarryFault(t *testing.T) {
	pts, _ := jacobianSelfTestInputs()
	base := testedImpl()
	bad := base
	bad.double = func(p, a *jacobianPoint) {
		hit := a.x == pts[1].x
		base.double(p, a)
		if hit {
			flip(p)
		}
	}
	if jacobianSelfTest(bad) {
		t.Fatal("the self-test missed a fault on its carry-heavy input")
	}
}

// testedImpl is the assembly where it runs, else the Go code (on amd64
// builds with the assembly but a CPU without BMI2 and ADX, calling the
// assembly would fault).
func testedImpl() jacobianImpl {
	if jacobianHasAsm {
		return jacobianAsmImpl
	}
	return jacobianGoImpl
}

// BenchmarkJacobianSelfTest measures the point self-test's first-use cost.
func BenchmarkJacobianSelfTest(b *testing.B) {
	impl := testedImpl()
	for b.Loop() {
		jacobianSelfTest(impl)
	}
}
