package p256

import (
	"sync"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
)

// The point assembly's first-use self-test (DESIGN.md, "Fail safe:
// first-use self-test"): before the first multiplication uses them, the
// routines of zz_generated_jacobian_amd64.s run on fixed inputs and must
// give the Go code's results limb for limb; if one does not, the assembly
// is switched off for the life of the process (the Go code does the work,
// with the same results), Assembly stops naming it and FastPathFailures
// names it.

// jacobianImpl is a set of the point routines, with the assembly's
// signatures: the assembly's (jacobianAsmImpl) or the Go code's
// (jacobianGoImpl), or a test's.
type jacobianImpl struct {
	double    func(p, a *jacobianPoint)
	addAffine func(p, a *jacobianPoint, b *affinePoint)
	add       func(p, a, b *jacobianPoint)
	doubleN   func(p *jacobianPoint, n int)
	digit     func(p *jacobianPoint, e *affinePoint, neg, zero int)
}

// jacobianAsmImpl is the assembly (the Go code where the build has none).
var jacobianAsmImpl = jacobianImpl{
	double:    jacobianDoubleAsm,
	addAffine: jacobianAddAffineAsm,
	add:       jacobianAddAsm,
	doubleN:   jacobianDoubleNAsm,
	digit:     jacobianAddAffineDigitAsm,
}

// jacobianGoImpl is the Go code, the reference and the fallback.
var jacobianGoImpl = jacobianImpl{
	double:    func(p, a *jacobianPoint) { p.doubleGeneric(a) },
	addAffine: func(p, a *jacobianPoint, b *affinePoint) { p.addAffineUncheckedGeneric(a, b) },
	add:       func(p, a, b *jacobianPoint) { p.addUncheckedGeneric(a, b) },
	doubleN: func(p *jacobianPoint, n int) {
		for range n {
			p.doubleGeneric(p)
		}
	},
	digit: func(p *jacobianPoint, e *affinePoint, neg, zero int) { p.addAffineDigitGeneric(e, neg, zero) },
}

// jacobianSelfTestInputs returns the self-test's fixed inputs: the
// generator, and arbitrary coordinates (the formulas are field
// arithmetic: any elements are an input to compare on) chosen for their
// carries, as values (p − 1, 2^255, (p + 1)/2, 2^256 − p) and as
// Montgomery limbs (the limbs of p − 1, 2^192 − 1, p − 2^96 and
// 2^64 − 1; (p + 1)/2 is the element whose limbs are 2^255).
// They are public constants.
func jacobianSelfTestInputs() (pts [4]jacobianPoint, aff [3]affinePoint) {
	e := [8]*fieldp256.Element{
		mustElement("ffffffff00000001000000000000000000000000fffffffffffffffffffffffe"), // p − 1
		mustElement("00000000fffffffd00000002fffffffdffffffff00000001fffffffcffffffff"), // limbs p − 1
		mustElement("8000000000000000000000000000000000000000000000000000000000000000"), // 2^255
		mustElement("00000000fffffffe00000001fffffffeffffffff00000001fffffffdffffffff"), // limbs 2^192 − 1
		mustElement("7fffffff80000000800000000000000000000000800000000000000000000000"), // (p + 1)/2
		mustElement("ffffffff0000000000000000ffffffff0000000000000000fffffffdffffffff"), // limbs p − 2^96
		mustElement("00000000fffffffeffffffffffffffffffffffff000000000000000000000001"), // 2^256 − p
		mustElement("00000000fffffffd00000003fffffffd0000000000000002fffffffc00000001"), // limbs 2^64 − 1
	}
	pts[0].x, pts[0].y = generator.x, generator.y
	pts[0].z.One()
	pts[1] = jacobianPoint{*e[0], *e[1], *e[2]}
	pts[2] = jacobianPoint{*e[3], *e[4], *e[5]}
	pts[3] = jacobianPoint{*e[6], *e[7], *e[0]}
	aff[0] = affinePoint{generator.x, generator.y}
	aff[1] = affinePoint{*e[1], *e[3]}
	aff[2] = affinePoint{*e[7], *e[5]}
	return pts, aff
}

// jacobianSelfTest reports whether impl gives the Go code's results, limb
// for limb, on the fixed inputs: every doubling, every mixed addition,
// full additions of neighbouring inputs, the digit step with each sign
// and the zero digit, and five doublings in one call.
func jacobianSelfTest(impl jacobianImpl) bool {
	pts, aff := jacobianSelfTestInputs()
	ref := jacobianGoImpl
	var got, want jacobianPoint
	for i := range pts {
		impl.double(&got, &pts[i])
		ref.double(&want, &pts[i])
		if got != want {
			return false
		}
		j := &pts[(i+1)%len(pts)]
		impl.add(&got, &pts[i], j)
		ref.add(&want, &pts[i], j)
		if got != want {
			return false
		}
		for k := range aff {
			impl.addAffine(&got, &pts[i], &aff[k])
			ref.addAffine(&want, &pts[i], &aff[k])
			if got != want {
				return false
			}
		}
		a := &aff[i%len(aff)]
		for _, nz := range [3][2]int{{0, 0}, {1, 0}, {i & 1, 1}} {
			got, want = pts[i], pts[i]
			impl.digit(&got, a, nz[0], nz[1])
			ref.digit(&want, a, nz[0], nz[1])
			if got != want {
				return false
			}
		}
		if i < 2 {
			got, want = pts[i], pts[i]
			impl.doubleN(&got, 5)
			ref.doubleN(&want, 5)
			if got != want {
				return false
			}
		}
	}
	return true
}

// jacobianAsmOK reports whether a point assembly that exists (has) passes
// its self-test; one that does not exist has nothing to fail.
func jacobianAsmOK(has bool, impl jacobianImpl) bool {
	return !has || jacobianSelfTest(impl)
}

var (
	jacobianCheckOnce sync.Once
	// jacobianSelfTestFailed records that the point assembly failed its
	// self-test; written once, inside jacobianCheckOnce.
	jacobianSelfTestFailed bool
)

// jacobianCheck runs the point assembly's self-test once, before the
// first use of the point routines: every entry point that reaches them
// (scalarMult, scalarBaseMultTable, varTimeDoubleBaseTable) and every
// report (Assembly, FastPathFailures) calls it first, so that the switch
// it may clear (jacobianUseAsm) is read only after it. About 25 µs.
func jacobianCheck() {
	jacobianCheckOnce.Do(func() {
		if !jacobianAsmOK(jacobianHasAsm, jacobianAsmImpl) {
			jacobianUseAsm = false
			jacobianSelfTestFailed = true
		}
	})
}

// pointAssembly is groupAssembly after the self-test (Assembly's
// AsmMore): a routine set the self-test switched off is not named.
func pointAssembly() string {
	jacobianCheck()
	return groupAssembly()
}

// FastPathFailures names the fast paths of this package that a first-use
// self-test found wrong in this process and switched off, in the words
// of [Assembly]: "BMI2/ADX Jacobian point formulas" if the point
// assembly's results on fixed inputs differed from the Go code's. The Go
// code then does the work, with the same results. It returns nil when
// every self-test passed, and always where the build or the CPU has no
// point assembly; it runs the self-test if it has not run yet (about 25
// µs, once per process). A failure of the basepoint tables is reported by
// [BasepointTableOK].
func FastPathFailures() []string {
	jacobianCheck()
	if jacobianSelfTestFailed {
		return []string{"BMI2/ADX Jacobian point formulas"}
	}
	return nil
}
