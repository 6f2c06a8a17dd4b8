package curve25519

// This file is the only place that names the field and scalar-field
// implementations, so that swapping them is a one-file change — apart from
// the exported signatures of Point.ExtendedCoordinates and
// SetExtendedCoordinates, which name field25519.Element so that godoc shows
// a type callers can use.

import (
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/fieldarith/scalar25519"
)

// fieldElement is an element of GF(2^255-19).
type fieldElement = field25519.Element

// fieldLoose is a sum or difference of two fieldElements, not carried, that
// only a multiplication may consume.
type fieldLoose = field25519.Loose

// scalarElement is an element of Z/ℓZ.
type scalarElement = scalar25519.Element

// batchInvert sets dst[i] = 1/src[i] (0 for 0) with one field inversion
// (field25519.BatchInvert).
func batchInvert(dst, src, scratch []fieldElement) { field25519.BatchInvert(dst, src, scratch) }
