package curve448

// This file is the only place that names the field implementation, so that
// swapping it is a one-file change.

import "github.com/curvekit/curvekit/fieldarith/field448"

// fieldElement is an element of GF(2^448 − 2^224 − 1).
type fieldElement = field448.Element

// fieldLoose is a sum or difference of two fieldElements, not carried, that
// only a multiplication may consume.
type fieldLoose = field448.Loose
