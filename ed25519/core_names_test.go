package ed25519

import (
	"github.com/curvekit/curvekit/internal/ed25519core"
	"github.com/curvekit/curvekit/internal/ed25519test"
)

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

// The vector files, the mutations of a signature and the special encodings
// are internal/ed25519test's, shared with the interop module's tests.
var (
	bigL               = ed25519test.L
	bigP               = ed25519test.P
	bigToLE32          = ed25519test.LE32
	encIdentity        = ed25519test.Identity
	encIdentityNegZero = ed25519test.IdentityNegZero
	encIdentityPPlus1  = ed25519test.IdentityPPlus1 // y = p + 1 ≡ 1
	encOrder2          = ed25519test.Order2
	encOrder8          = ed25519test.Order8
	notAPointStatic    = ed25519test.NotAPoint
	mustHex            = ed25519test.MustHex
	readJSON           = ed25519test.ReadJSON
	mutations          = ed25519test.Mutations
	verdict            = ed25519test.Verdict
)
