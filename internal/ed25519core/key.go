package ed25519core

import (
	"errors"
	"strconv"

	"github.com/curvekit/curvekit/curve25519"
)

// Key is a public key decoded once: what every policy needs to know about
// A. Its encoding, which the challenge hashes, stays with the caller.
type Key struct {
	NegA       curve25519.Point // −A
	Canonical  bool             // the encoding is canonical (RFC 8032 §5.1.3); set only by a full Set
	SmallOrder bool             // [8]A is the identity; set only by a full Set
}

// Tables holds the precomputed forms of −A and A (in that order) for the
// half-size check, for a key that verifies many signatures: building them
// costs about an inversion, repaid from the second verification on.
type Tables = [2]curve25519.VarTimePrecomputedPoint

// Set decodes pub leniently, as crypto/ed25519 does (y ≥ p reduced, x = 0
// with the sign bit set accepted). The Canonical and SmallOrder facts are
// computed only when full is true: PolicyStrict needs them, and verifying
// under PolicyStrict with a key set with full false rejects it.
func (k *Key) Set(pub []byte, full bool) error {
	if l := len(pub); l != 32 {
		return errors.New("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	if _, err := k.NegA.SetBytes(pub); err != nil {
		return errors.New("ed25519: invalid public key")
	}
	k.Canonical, k.SmallOrder = false, false
	if full {
		k.Canonical = IsCanonicalEncoding(pub)
		k.SmallOrder = k.NegA.IsSmallOrder() == 1
	}
	k.NegA.Negate(&k.NegA)
	return nil
}

// IsCanonicalEncoding reports whether the 32 bytes b are a canonical point
// encoding in the sense of RFC 8032 §5.1.3: y < p, and not x = 0 with the
// sign bit set (x = 0 exactly when y = ±1). It says nothing about whether y
// is on the curve.
func IsCanonicalEncoding(b []byte) bool {
	// y ≥ p = 2^255 − 19 means: bits 8..254 all set and the low byte ≥ 0xed.
	top := b[31] & 0x7f
	allOnes := top == 0x7f
	for i := 1; i < 31 && allOnes; i++ {
		allOnes = b[i] == 0xff
	}
	if allOnes && b[0] >= 0xed {
		return false
	}
	if b[31]&0x80 != 0 {
		// y = 1: 01 00 … 00; y = p − 1: ec ff … ff 7f.
		yIsOne := b[0] == 1 && top == 0
		for i := 1; i < 31 && yIsOne; i++ {
			yIsOne = b[i] == 0
		}
		yIsMinusOne := allOnes && b[0] == 0xec
		if yIsOne || yIsMinusOne {
			return false
		}
	}
	return true
}

// SmallOrderEncodings are the canonical encodings of the eight points of
// order dividing 8 (the identity, the point of order 2, two of order 4, four
// of order 8). The ed25519 tests check each against the group's own
// small-order test.
var SmallOrderEncodings = [8][32]byte{
	{0x01}, // identity, y = 1
	{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, // order 2, y = −1
	{},         // order 4, y = 0, x even
	{31: 0x80}, // order 4, y = 0, x odd
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05}, // order 8
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x85}, // order 8
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a}, // order 8
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0xfa}, // order 8
}

// IsSmallOrderEncoding reports whether the canonical encoding b (32 bytes)
// is one of the eight small-order points. Only meaningful after
// IsCanonicalEncoding.
func IsSmallOrderEncoding(b []byte) bool {
	for i := range SmallOrderEncodings {
		if [32]byte(b) == SmallOrderEncodings[i] {
			return true
		}
	}
	return false
}
