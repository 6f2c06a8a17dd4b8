package curve448

// The only place naming the field and scalar-field implementations, for the
// edwards448 group and the generated X448 ladder alike.

import (
	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/fieldarith/scalar448"
)

// fieldElement is an element of GF(2^448 − 2^224 − 1).
type fieldElement = field448.Element

// fieldLoose is an uncarried sum or difference of two fieldElements, which
// only a multiplication may consume.
type fieldLoose = field448.Loose

// scalarElement is an element of Z/qZ, q the order of the prime-order
// subgroup of edwards448.
type scalarElement = scalar448.Element

// dAbs is −d for the edwards448 curve x² + y² = 1 + d·x²·y², d = −39081.
const dAbs = 39081

var feOne = new(fieldElement).One()

// mulD sets v = d·a and returns v.
func mulD(v, a *fieldElement) *fieldElement {
	return v.Mult32(a, dAbs).Negate(v)
}

// batchInvert is field448.BatchInvert: dst[i] = 1/src[i] (0 for 0) with one
// inversion.
func batchInvert(dst, src, scratch []fieldElement) []fieldElement {
	return field448.BatchInvert(dst, src, scratch)
}
