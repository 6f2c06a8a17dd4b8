package ed25519

import (
	"errors"
	"strconv"

	"github.com/curvekit/curvekit/internal/ed25519core"
)

// Verify reports whether sig is a valid signature of message by publicKey,
// under [PolicyDefault] (exactly the rules of crypto/ed25519).
//
// Unlike crypto/ed25519, it returns false instead of panicking when
// len(publicKey) is not [PublicKeySize].
//
// The inputs are not considered confidential, and may leak through timing side
// channels, or if an attacker has control of part of the inputs.
func Verify(publicKey PublicKey, message, sig []byte) bool {
	return verify(publicKey, nil, message, sig, ed25519core.Pure, "", PolicyDefault, true) == nil
}

// VerifyWithOptions reports whether sig is a valid signature of message by
// publicKey. A valid signature is indicated by returning a nil error.
//
// If opts.Hash is [crypto.SHA512], the pre-hashed variant Ed25519ph is used and
// message is expected to be a SHA-512 hash, otherwise opts.Hash must be
// [crypto.Hash](0) and the message must not be hashed, as Ed25519 performs two
// passes over messages to be signed. opts.Policy selects the verification
// rules (see the package documentation).
//
// Unlike crypto/ed25519, it returns an error instead of panicking when
// len(publicKey) is not [PublicKeySize], and treats a nil opts as &Options{}.
//
// The inputs are not considered confidential, and may leak through timing side
// channels, or if an attacker has control of part of the inputs.
func VerifyWithOptions(publicKey PublicKey, message, sig []byte, opts *Options) error {
	return verifyWithOptions(publicKey, nil, message, sig, opts, true)
}

// verifyWithOptions is VerifyWithOptions on pub or, if key is not nil, on
// key, with the equation chosen by halfSize as in verify.
func verifyWithOptions(pub []byte, key *decodedKey, message, sig []byte, opts *Options, halfSize bool) error {
	if opts == nil {
		opts = &Options{}
	}
	d, ctx, err := ed25519core.DomainFromOptions(opts.Hash, opts.Context, len(message))
	if err != nil {
		return err
	}
	return verify(pub, key, message, sig, d, ctx, opts.Policy, halfSize)
}

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

// unknownPolicyError names a Policy value this package does not define.
type unknownPolicyError Policy

func (e unknownPolicyError) Error() string { return "ed25519: unknown " + Policy(e).String() }

// Unwrap returns ed25519core.ErrUnknownPolicy, the error batch and the
// core return for the same mistake.
func (e unknownPolicyError) Unwrap() error { return ed25519core.ErrUnknownPolicy }

// verify checks sig on message under policy p. If key is nil, pub is decoded
// here; otherwise key is used and pub ignored. The checks themselves are
// ed25519core's, shared with the batch package. halfSize selects the
// half-size-scalar equation (ed25519core's lattice.go), which the exported
// functions use; false selects the full-size [S]B − [k]A, so that tests and
// benchmarks compare the two with the same answers.
func verify(pub []byte, key *decodedKey, message, sig []byte, d ed25519core.Variant, ctx string, p Policy, halfSize bool) error {
	if p > PolicyStrict {
		return unknownPolicyError(p)
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
	return ed25519core.Verify(&key.Key, pub, key.pre, message, sig, d, ctx, ed25519core.Policy(p), halfSize)
}

// ExpandedPublicKey is a public key decoded once, for verifying many
// signatures under one key: it saves the point decompression (a field
// square root), the table of multiples of A that the verification equation
// needs (it holds about 4 KiB of precomputed multiples of ±A) and, under
// PolicyStrict, the key checks on every call.
//
// Make one with [NewExpandedPublicKey]. The zero value and a nil pointer are
// not keys: Verify returns false, VerifyWithOptions an error and PublicKey
// nil.
type ExpandedPublicKey struct {
	key decodedKey // key.pre != nil marks a key made by NewExpandedPublicKey
}

// errUninitializedPublic is the error of a nil or zero ExpandedPublicKey.
var errUninitializedPublic = errors.New("ed25519: nil or uninitialized ExpandedPublicKey")

// valid reports whether e was made by NewExpandedPublicKey.
func (e *ExpandedPublicKey) valid() bool { return e != nil && e.key.pre != nil }

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

// PublicKey returns the encoded public key e was made from (nil for an
// uninitialised key).
func (e *ExpandedPublicKey) PublicKey() PublicKey {
	if !e.valid() {
		return nil
	}
	return append(PublicKey(nil), e.key.bytes[:]...)
}

// Verify reports whether sig is a valid Ed25519 signature of message under
// e, with PolicyDefault: the same answer as [Verify] with e's public key.
// An uninitialised key verifies nothing.
func (e *ExpandedPublicKey) Verify(message, sig []byte) bool {
	if !e.valid() {
		return false
	}
	return verify(nil, &e.key, message, sig, ed25519core.Pure, "", PolicyDefault, true) == nil
}

// VerifyWithOptions is [VerifyWithOptions] with e's public key. An
// uninitialised key returns an error.
func (e *ExpandedPublicKey) VerifyWithOptions(message, sig []byte, opts *Options) error {
	if !e.valid() {
		return errUninitializedPublic
	}
	return verifyWithOptions(nil, &e.key, message, sig, opts, true)
}
