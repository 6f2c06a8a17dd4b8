package ed25519

import "github.com/curvekit/curvekit/internal/ed25519core"

// The names below moved to internal/ed25519core (shared with the batch
// package); the tests of this package reach the core's code through them.

// u256 mirrors ed25519core.U256 with the method names the tests use.
type u256 [4]uint64

func (x *u256) bytes(out *[32]byte) { (*ed25519core.U256)(x).PutBytes(out) }

var eightL = u256(ed25519core.EightL)

func euclidStep(a, b *u256) (uint64, bool) {
	return ed25519core.EuclidStep((*ed25519core.U256)(a), (*ed25519core.U256)(b))
}

func shortVector(k []byte) (absDelta, rho u256, negative, ok bool) {
	d, r, neg, ok := ed25519core.ShortVector(k)
	return u256(d), u256(r), neg, ok
}

var smallOrderEncodings = ed25519core.SmallOrderEncodings

func isCanonicalEncoding(b []byte) bool  { return ed25519core.IsCanonicalEncoding(b) }
func isSmallOrderEncoding(b []byte) bool { return ed25519core.IsSmallOrderEncoding(b) }

// identity is a read-only copy of the identity point.
var identity = newIdentityPoint()
