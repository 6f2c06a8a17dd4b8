package ed25519

import (
	"strconv"

	"github.com/curvekit/curvekit/internal/ed25519core"
)

// Policy names a set of Ed25519 verification rules. The package
// documentation states each one as a checklist and lists the inputs on which
// they disagree.
type Policy uint8

const (
	// PolicyDefault is exactly crypto/ed25519: S < ℓ; A decoded leniently
	// (non-canonical encodings accepted); R not decoded but compared as bytes
	// with the encoding of [S]B − [k]A, so a non-canonical R fails;
	// cofactorless equation. It is the zero value.
	PolicyDefault Policy = iota

	// PolicyZIP215 is the Zcash ZIP-215 rule set: A and R decoded leniently
	// (every non-canonical encoding accepted, including x = 0 with the sign
	// bit set); S < ℓ; cofactored equation [8]([S]B − R − [k]A) = identity.
	// ZIP-215 defines pure Ed25519 only; this package applies the same rules
	// to Ed25519ctx and Ed25519ph.
	PolicyZIP215

	// PolicyStrict is libsodium-like: A and R canonical (RFC 8032 §5.1.3);
	// neither A nor R of small order; S < ℓ; cofactorless equation as
	// PolicyDefault.
	PolicyStrict
)

// String returns the policy's name, as in "PolicyZIP215".
func (p Policy) String() string {
	switch p {
	case PolicyDefault:
		return "PolicyDefault"
	case PolicyZIP215:
		return "PolicyZIP215"
	case PolicyStrict:
		return "PolicyStrict"
	}
	return "Policy(" + strconv.Itoa(int(p)) + ")"
}

// ed25519core numbers its policies as this package does, so that a Policy
// converts with a plain conversion; this fails to compile otherwise.
var _ = [1]struct{}{}[(PolicyDefault^Policy(ed25519core.PolicyDefault))|
	(PolicyZIP215^Policy(ed25519core.PolicyZIP215))|
	(PolicyStrict^Policy(ed25519core.PolicyStrict))]

// decodedKey is a public key decoded once (ed25519core.Key), with, for an
// ExpandedPublicKey, the precomputed tables of −A and A for the half-size
// check (building them costs about an inversion, repaid from the second
// verification on).
type decodedKey struct {
	ed25519core.Key
	bytes [32]byte // the encoding, as given
	pre   *ed25519core.Tables
}

// verify checks sig on message under policy p. If key is nil, pub is decoded
// here; otherwise key is used and pub ignored. The checks themselves are
// ed25519core's, shared with the batch package.
func verify(pub []byte, key *decodedKey, message, sig []byte, d ed25519core.Variant, ctx string, p Policy) error {
	if p > PolicyStrict {
		return ed25519core.ErrUnknownPolicy
	}
	if key == nil {
		key = new(decodedKey)
		// The canonical and small-order facts only for PolicyStrict.
		if err := key.Set(pub, p == PolicyStrict); err != nil {
			return err
		}
	} else {
		pub = key.bytes[:]
	}
	return ed25519core.Verify(&key.Key, pub, key.pre, message, sig, d, ctx, ed25519core.Policy(p), useHalfSize)
}

// useHalfSize selects the half-size-scalar equation (ed25519core's
// lattice.go); tests switch it off to compare the two paths.
var useHalfSize = true

// ExpandedPublicKey is a public key decoded once, for verifying many
// signatures under one key: it saves the point decompression (a field
// square root), the table of multiples of A that the verification equation
// needs (it holds about 4 KiB of precomputed multiples of ±A) and, under
// PolicyStrict, the key checks on every call.
type ExpandedPublicKey struct {
	key decodedKey
}

// NewExpandedPublicKey decodes publicKey (leniently, so every policy can use
// the result; PolicyStrict still rejects a non-canonical or small-order key
// at verification). It returns an error if publicKey is not 32 bytes or not
// the encoding of a curve point.
func NewExpandedPublicKey(publicKey PublicKey) (*ExpandedPublicKey, error) {
	e := new(ExpandedPublicKey)
	if err := e.key.Set(publicKey, true); err != nil {
		return nil, err
	}
	copy(e.key.bytes[:], publicKey)
	e.key.pre = new(ed25519core.Tables)
	e.key.pre[0].Set(&e.key.NegA)
	e.key.pre[1].Negate(&e.key.pre[0])
	return e, nil
}

// PublicKey returns the encoded public key e was made from.
func (e *ExpandedPublicKey) PublicKey() PublicKey {
	return append(PublicKey(nil), e.key.bytes[:]...)
}

// Verify reports whether sig is a valid Ed25519 signature of message under
// e, with PolicyDefault: the same answer as [Verify] with e's public key.
func (e *ExpandedPublicKey) Verify(message, sig []byte) bool {
	return verify(nil, &e.key, message, sig, ed25519core.Pure, "", PolicyDefault) == nil
}

// VerifyWithOptions is [VerifyWithOptions] with e's public key.
func (e *ExpandedPublicKey) VerifyWithOptions(message, sig []byte, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	d, ctx, err := ed25519core.DomainFromOptions(opts.Hash, opts.Context, len(message))
	if err != nil {
		return err
	}
	return verify(nil, &e.key, message, sig, d, ctx, opts.Policy)
}
