package ed25519

import (
	"crypto"
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
)

// ExpandedPrivateKey is an Ed25519 signing key in expanded form: a secret
// scalar a and a 32-byte nonce prefix RH, stored by Tor as the 64 bytes
// a ‖ RH. Keys that have no seed — Tor's blinded keys, and keys derived
// from a curve25519 secret — only exist in this form. It implements
// [crypto.Signer]; its signatures are ordinary Ed25519 (and Ed25519ctx /
// Ed25519ph) signatures under [ExpandedPrivateKey.Public].
//
// Make one with [NewExpandedPrivateKey], [ExpandPrivateKey],
// [NewExpandedPrivateKeyFromX25519] or [ExpandedPrivateKey.Blind]. The zero
// value and a nil pointer are not keys: Sign returns an error, Equal false,
// and Bytes, Public and PublicKey return nil.
type ExpandedPrivateKey struct {
	raw [32]byte // a as given (Tor keeps a seed-derived a clamped, not reduced)
	k   signingKey
	ok  bool // set by the constructors (setPublic, ExpandPrivateKey) for a ≢ 0
}

// errUninitializedPrivate is the error of a nil or zero ExpandedPrivateKey.
var errUninitializedPrivate = errors.New("ed25519: nil or uninitialized ExpandedPrivateKey")

// valid reports whether e was made by a constructor.
func (e *ExpandedPrivateKey) valid() bool { return e != nil && e.ok }

// NewExpandedPrivateKey parses the 64-byte expanded form a ‖ RH, with a read
// as a little-endian integer (any value; it is used mod ℓ). It returns an
// error if the length is wrong or a ≡ 0 (mod ℓ).
func NewExpandedPrivateKey(expanded []byte) (*ExpandedPrivateKey, error) {
	if len(expanded) != 64 {
		return nil, fmt.Errorf("ed25519: bad expanded private key length: %d", len(expanded))
	}
	e := new(ExpandedPrivateKey)
	copy(e.raw[:], expanded[:32])
	var wide [64]byte
	copy(wide[:], expanded[:32])
	if _, err := e.k.s.SetUniformBytes(wide[:]); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}
	if e.k.s.Equal(newScalar()) == 1 {
		return nil, errors.New("ed25519: expanded private key scalar is zero")
	}
	copy(e.k.prefix[:], expanded[32:])
	e.setPublic()
	return e, nil
}

// ExpandPrivateKey returns the expanded form of priv: a = clamp(SHA-512(seed)
// [:32]) (kept unreduced, as Tor stores it) and RH = SHA-512(seed)[32:]. It
// returns an error if priv is malformed or its public half does not match
// its seed.
func ExpandPrivateKey(priv PrivateKey) (*ExpandedPrivateKey, error) {
	if len(priv) != PrivateKeySize {
		return nil, fmt.Errorf("ed25519: bad private key length: %d", len(priv))
	}
	e := new(ExpandedPrivateKey)
	e.k.fromSeed(priv[:SeedSize])
	if subtle.ConstantTimeCompare(e.k.pub[:], priv[SeedSize:]) != 1 {
		return nil, errors.New("ed25519: bad private key: public key does not match seed")
	}
	h := sha512.Sum512(priv[:SeedSize])
	copy(e.raw[:], h[:32])
	clamp(&e.raw)
	e.ok = true // a clamped scalar is never ≡ 0 (mod ℓ)
	return e, nil
}

// setPublic computes the public key [a]B of a constructor's key and marks it
// initialised, unless a ≡ 0 (mod ℓ): a key derived from an uninitialised one
// (Blind of a zero ExpandedPrivateKey) stays unusable.
func (e *ExpandedPrivateKey) setPublic() {
	var A point
	A.ScalarBaseMult(&e.k.s)
	copy(e.k.pub[:], A.Bytes())
	e.ok = e.k.s.Equal(newScalar()) == 0
}

// clamp applies the X25519/Ed25519 clamp (RFC 7748 §5) to b in place.
func clamp(b *[32]byte) {
	b[0] &= 248
	b[31] &= 63
	b[31] |= 64
}

// Bytes returns the 64-byte expanded form a ‖ RH (nil for an
// uninitialised key).
func (e *ExpandedPrivateKey) Bytes() []byte {
	if !e.valid() {
		return nil
	}
	out := make([]byte, 64)
	copy(out, e.raw[:])
	copy(out[32:], e.k.prefix[:])
	return out
}

// Public returns the [PublicKey] [a]B, or nil (an untyped nil
// crypto.PublicKey, so pub == nil holds) for an uninitialised key.
func (e *ExpandedPrivateKey) Public() crypto.PublicKey {
	if !e.valid() {
		return nil
	}
	return e.PublicKey()
}

// PublicKey returns the public key [a]B as a [PublicKey] (nil for an
// uninitialised key).
func (e *ExpandedPrivateKey) PublicKey() PublicKey {
	if !e.valid() {
		return nil
	}
	return append(PublicKey(nil), e.k.pub[:]...)
}

// Sign signs message with e; rand is ignored. opts selects Ed25519,
// Ed25519ctx or Ed25519ph exactly as for [PrivateKey.Sign]. The nonce is
// r = SHA-512(dom ‖ RH ‖ M) mod ℓ, as RFC 8032 computes it from a seed's
// prefix (and as C tor and arti sign with blinded keys). An uninitialised
// key returns an error.
func (e *ExpandedPrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if !e.valid() {
		return nil, errUninitializedPrivate
	}
	return e.k.signWithOptions(message, opts)
}

// Equal reports whether e and x are the same expanded key, in constant time.
// An uninitialised key equals nothing, itself included.
func (e *ExpandedPrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*ExpandedPrivateKey)
	if !ok || !e.valid() || !xx.valid() {
		return false
	}
	return subtle.ConstantTimeCompare(e.Bytes(), xx.Bytes()) == 1
}
