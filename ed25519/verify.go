package ed25519

import (
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"strconv"
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

var errUnknownPolicy = errors.New("ed25519: unknown verification policy")

// decodedKey is a public key decoded once: what every policy needs to know
// about A.
type decodedKey struct {
	bytes      [32]byte
	negA       point // −A
	canonical  bool  // the encoding is canonical (RFC 8032 §5.1.3)
	smallOrder bool  // [8]A is the identity
	// pre, when not nil, holds the precomputed tables of −A and A for the
	// half-size check (ExpandedPublicKey only: building them costs about
	// an inversion, repaid from the second verification on).
	pre *[2]precomputedPoint
}

// set decodes pub leniently, as crypto/ed25519 does. The canonical and
// small-order facts are computed only when full is true (PolicyStrict, or an
// ExpandedPublicKey that may serve every policy).
func (k *decodedKey) set(pub []byte, full bool) error {
	if l := len(pub); l != PublicKeySize {
		return errors.New("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	if _, err := k.negA.SetBytes(pub); err != nil {
		return errors.New("ed25519: invalid public key")
	}
	copy(k.bytes[:], pub)
	if full {
		k.canonical = isCanonicalEncoding(pub)
		k.smallOrder = isSmallOrder(&k.negA)
	}
	k.negA.Negate(&k.negA)
	return nil
}

// verify checks sig on message under policy p. If key is nil, pub is decoded
// here; otherwise key is used and pub ignored.
func verify(pub []byte, key *decodedKey, message, sig []byte, d dom, ctx string, p Policy) error {
	if p > PolicyStrict {
		return errUnknownPolicy
	}
	if key == nil {
		key = new(decodedKey)
		if err := key.set(pub, p == PolicyStrict); err != nil {
			return err
		}
	}
	if l := len(sig); l != SignatureSize {
		return errors.New("ed25519: bad signature length: " + strconv.Itoa(l))
	}
	rBytes := sig[:32]

	if p == PolicyStrict {
		// A was decoded leniently; the canonical and small-order checks on
		// the bytes and point finish the checklist. For R the encoding
		// checks suffice: the equation below only holds for a valid point.
		if !key.canonical || key.smallOrder {
			return errors.New("ed25519: public key rejected by PolicyStrict")
		}
		if !isCanonicalEncoding(rBytes) || isSmallOrderEncoding(rBytes) {
			return errInvalidSig
		}
	}

	// S < ℓ. The top-three-bits test is crypto/ed25519's fast path.
	if sig[63]&224 != 0 {
		return errInvalidSig
	}
	var S scalar
	if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
		return errInvalidSig
	}

	// k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ, over the bytes as given.
	kh := sha512.New()
	var db domBytes
	kh.Write(appendDom(&db, d, ctx))
	kh.Write(rBytes)
	kh.Write(key.bytes[:])
	kh.Write(message)
	var digest [64]byte
	kh.Sum(digest[:0])
	var k scalar
	if _, err := k.SetUniformBytes(digest[:]); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}

	if p == PolicyZIP215 {
		var R point
		if _, err := R.SetBytes(rBytes); err != nil {
			return errInvalidSig
		}
		if useHalfSize {
			if valid, handled := checkHalfSize(key, &R, &k, &S, true); handled {
				if !valid {
					return errInvalidSig
				}
				return nil
			}
		}
		// [8]([S]B − [k]A − R) = identity.
		var Q point
		Q.VarTimeDoubleScalarBaseMult(&k, &key.negA, &S)
		Q.Subtract(&Q, &R)
		Q.MultByCofactor(&Q)
		if Q.Equal(identity) != 1 {
			return errInvalidSig
		}
		return nil
	}

	if useHalfSize {
		// Cofactorless, as crypto/ed25519: the encoding of [S]B − [k]A must
		// equal R's bytes. Since that encoding is canonical, this is: R
		// decodes strictly, and [S]B − [k]A − R is the identity.
		var R point
		if _, err := R.SetCanonicalBytes(rBytes); err != nil {
			return errInvalidSig
		}
		if valid, handled := checkHalfSize(key, &R, &k, &S, false); handled {
			if !valid {
				return errInvalidSig
			}
			return nil
		}
	}
	// Cofactorless, full size: the canonical encoding of [S]B − [k]A must
	// equal R's bytes.
	var Q point
	Q.VarTimeDoubleScalarBaseMult(&k, &key.negA, &S)
	var qBytes [32]byte
	copy(qBytes[:], Q.Bytes())
	if subtle.ConstantTimeCompare(qBytes[:], rBytes) != 1 {
		return errInvalidSig
	}
	return nil
}

// useHalfSize selects the half-size-scalar equation (lattice.go); tests
// switch it off to compare the two paths.
var useHalfSize = true

// isCanonicalEncoding reports whether b is a canonical point encoding in the
// sense of RFC 8032 §5.1.3: y < p, and not x = 0 with the sign bit set. (x =
// 0 exactly when y = ±1.) It says nothing about whether y is on the curve.
func isCanonicalEncoding(b []byte) bool {
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

// smallOrderEncodings are the canonical encodings of the eight points of
// order dividing 8 (the identity, the point of order 2, two of order 4, four
// of order 8). Tests check each against the group's own small-order test.
var smallOrderEncodings = [8][32]byte{
	{0x01}, // identity, y = 1
	{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, // order 2, y = −1
	{},         // order 4, y = 0, x even
	{31: 0x80}, // order 4, y = 0, x odd
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05}, // order 8
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x85}, // order 8
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a}, // order 8
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0xfa}, // order 8
}

// isSmallOrderEncoding reports whether the canonical encoding b is one of
// the eight small-order points. Only meaningful after isCanonicalEncoding.
func isSmallOrderEncoding(b []byte) bool {
	for i := range smallOrderEncodings {
		if [32]byte(b) == smallOrderEncodings[i] {
			return true
		}
	}
	return false
}

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
	if err := e.key.set(publicKey, true); err != nil {
		return nil, err
	}
	e.key.pre = new([2]precomputedPoint)
	e.key.pre[0].Set(&e.key.negA)
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
	return verify(nil, &e.key, message, sig, domPure, "", PolicyDefault) == nil
}

// VerifyWithOptions is [VerifyWithOptions] with e's public key.
func (e *ExpandedPublicKey) VerifyWithOptions(message, sig []byte, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	d, ctx, err := domainFromOptions(opts.Hash, opts.Context, message)
	if err != nil {
		return err
	}
	return verify(nil, &e.key, message, sig, d, ctx, opts.Policy)
}
