package ed448

import (
	"bytes"
	"crypto"
	cryptorand "crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"strconv"
)

const (
	// ContextMaxSize is the maximum length in bytes of a context string.
	ContextMaxSize = 255
	// PublicKeySize is the length in bytes of Ed448 public keys.
	PublicKeySize = 57
	// PrivateKeySize is the length in bytes of Ed448 private keys.
	PrivateKeySize = 114
	// SignatureSize is the length in bytes of Ed448 signatures.
	SignatureSize = 114
	// SeedSize is the length in bytes of private key seeds: the private keys
	// of RFC 8032.
	SeedSize = 57
)

// SchemeID selects Ed448 or Ed448ph.
type SchemeID uint

const (
	// ED448 is pure Ed448 (RFC 8032, Section 5.2), with an optional context.
	ED448 SchemeID = iota
	// ED448Ph is Ed448ph: the message is first hashed with SHAKE256 to 64
	// bytes.
	ED448Ph
)

// SignerOptions selects the scheme and context of PrivateKey.Sign and of
// VerifyAny, and the verification policy of VerifyAny.
type SignerOptions struct {
	// Hash must be crypto.Hash(0) for both Ed448 and Ed448ph.
	crypto.Hash
	// Context is the domain separation string, at most ContextMaxSize bytes.
	Context string
	// Scheme is ED448 or ED448Ph.
	Scheme SchemeID
	// Policy selects the verification rules of VerifyAny; the zero value,
	// PolicyDefault, accepts exactly what circl's Verify accepts. Signing
	// ignores it. (Not in circl.)
	Policy Policy
}

// PublicKey is an Ed448 public key: the 57-byte encoding of A = [s]B.
type PublicKey []byte

// PrivateKey is an Ed448 private key: the 57-byte seed followed by the
// 57-byte public key. It implements crypto.Signer.
type PrivateKey []byte

// Equal reports whether pub and x are the same public key (same bytes).
func (pub PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(PublicKey)
	return ok && bytes.Equal(pub, xx)
}

// MarshalBinary returns a copy of pub.
func (pub PublicKey) MarshalBinary() ([]byte, error) {
	if len(pub) != PublicKeySize {
		return nil, errors.New("ed448: bad public key length: " + strconv.Itoa(len(pub)))
	}
	return bytes.Clone(pub), nil
}

// Equal reports whether priv and x are the same private key, in constant
// time.
func (priv PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(PrivateKey)
	return ok && subtle.ConstantTimeCompare(priv, xx) == 1
}

// Public returns the PublicKey half of priv, or nil (an untyped nil
// crypto.PublicKey, so pub == nil holds) if priv has the wrong length.
func (priv PrivateKey) Public() crypto.PublicKey {
	if len(priv) != PrivateKeySize {
		return nil
	}
	return PublicKey(bytes.Clone(priv[SeedSize:]))
}

// Seed returns the seed of priv, the private key of RFC 8032 (nil if priv
// has the wrong length).
func (priv PrivateKey) Seed() []byte {
	if len(priv) != PrivateKeySize {
		return nil
	}
	return bytes.Clone(priv[:SeedSize])
}

// MarshalBinary returns a copy of priv.
func (priv PrivateKey) MarshalBinary() ([]byte, error) {
	if len(priv) != PrivateKeySize {
		return nil, errors.New("ed448: bad private key length: " + strconv.Itoa(len(priv)))
	}
	return bytes.Clone(priv), nil
}

// Sign signs message with priv (crypto.Signer). rand is ignored: Ed448 is
// deterministic. opts must be crypto.Hash(0) (pure Ed448, empty context) or
// a SignerOptions or non-nil *SignerOptions, which selects the scheme and
// context; any other opts type, circl's own SignerOptions included, is
// refused with an error naming ed448.SignerOptions, so that a context or
// Ed448ph meant by the caller is never dropped for a pure signature. Sign
// returns an error for a private key of the wrong length or whose public
// half does not match its seed, a nonzero hash, a context over
// ContextMaxSize bytes, or an unknown scheme.
func (priv PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	o, err := optionsOf(opts)
	if err != nil {
		return nil, err
	}
	if o.Scheme != ED448 && o.Scheme != ED448Ph {
		return nil, errors.New("ed448: unknown SchemeID(" + strconv.FormatUint(uint64(o.Scheme), 10) + ")")
	}
	if len(o.Context) > ContextMaxSize {
		return nil, errors.New("ed448: bad context length: " + strconv.Itoa(len(o.Context)))
	}
	var scratch signingKey
	k, err := cachedKey(priv, &scratch)
	if err != nil {
		return nil, err
	}
	sig := make([]byte, SignatureSize)
	k.sign(sig, message, o.Context, o.Scheme == ED448Ph)
	scratch = signingKey{}
	return sig, nil
}

// optionsOf returns the SignerOptions opts stands for: the zero value for
// crypto.Hash(0), the options themselves for a SignerOptions or a non-nil
// *SignerOptions. Every other opts (nil, a nil *SignerOptions, a nonzero
// hash, or a type of another package, which may carry a context or a
// scheme this package cannot read) is an error: guessing "pure Ed448, no
// context" for it would sign or verify under the wrong domain.
func optionsOf(opts crypto.SignerOpts) (SignerOptions, error) {
	var o SignerOptions
	switch v := opts.(type) {
	case nil:
		return o, errors.New("ed448: nil crypto.SignerOpts")
	case crypto.Hash:
		o.Hash = v
	case SignerOptions:
		o = v
	case *SignerOptions:
		if v == nil {
			return o, errors.New("ed448: nil *ed448.SignerOptions")
		}
		o = *v
	default:
		return o, fmt.Errorf("ed448: unsupported crypto.SignerOpts type %T: use crypto.Hash(0) or ed448.SignerOptions", opts)
	}
	if o.Hash != crypto.Hash(0) {
		return o, errors.New("ed448: bad hash algorithm: opts.HashFunc() must be zero (use ed448.SignerOptions{Scheme: ED448Ph} for Ed448ph)")
	}
	return o, nil
}

// GenerateKey generates a key pair from exactly SeedSize bytes of rand
// (crypto/rand.Reader if rand is nil). A failing or short reader gives an
// error that wraps the reader's (errors.Is finds it; io.ErrUnexpectedEOF
// for a short reader), and no key.
func GenerateKey(rand io.Reader) (PublicKey, PrivateKey, error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	seed := make([]byte, SeedSize)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, fmt.Errorf("ed448: reading randomness: %w", err)
	}
	priv := NewKeyFromSeed(seed)
	return PublicKey(bytes.Clone(priv[SeedSize:])), priv, nil
}

// NewKeyFromSeed returns the private key of the RFC 8032 private key
// (seed). It panics if len(seed) is not SeedSize, as circl does.
func NewKeyFromSeed(seed []byte) PrivateKey {
	if len(seed) != SeedSize {
		panic("ed448: bad seed length: " + strconv.Itoa(len(seed)))
	}
	var k signingKey
	k.fromSeed(seed)
	priv := make(PrivateKey, PrivateKeySize)
	copy(priv, seed)
	copy(priv[SeedSize:], k.pub[:])
	return priv
}

// Sign returns the pure Ed448 signature of message under priv with the
// context ctx (RFC 8032, Section 5.2.6). It panics, as circl does, if priv
// has the wrong length or ctx is longer than ContextMaxSize, and, unlike
// circl, if the public half of priv does not match its seed.
//
// Sign caches the expanded key per backing array of priv: reuse the same
// PrivateKey slice (call NewKeyFromSeed once) to benefit, since a fresh copy
// of the key costs about twice as much to sign with.
func Sign(priv PrivateKey, message []byte, ctx string) []byte {
	return signOrPanic(priv, message, ctx, false)
}

// SignPh returns the Ed448ph signature of message under priv with the
// context ctx: Sign over SHAKE256(message, 64). It panics as Sign does.
func SignPh(priv PrivateKey, message []byte, ctx string) []byte {
	return signOrPanic(priv, message, ctx, true)
}

func signOrPanic(priv PrivateKey, message []byte, ctx string, ph bool) []byte {
	if len(ctx) > ContextMaxSize {
		panic("ed448: bad context length: " + strconv.Itoa(len(ctx)))
	}
	var scratch signingKey
	k, err := cachedKey(priv, &scratch)
	if err != nil {
		panic(err.Error())
	}
	sig := make([]byte, SignatureSize)
	k.sign(sig, message, ctx, ph)
	scratch = signingKey{}
	return sig
}

// Verify reports whether sig is a valid pure Ed448 signature of message
// under pub with context ctx, under PolicyDefault (exactly circl's rules).
// It returns false, never panics, on wrong lengths and a context over
// ContextMaxSize bytes. Variable time (all inputs are public).
func Verify(pub PublicKey, message, sig []byte, ctx string) bool {
	return verify(pub, message, sig, ctx, false, PolicyDefault)
}

// VerifyPh is Verify for Ed448ph.
func VerifyPh(pub PublicKey, message, sig []byte, ctx string) bool {
	return verify(pub, message, sig, ctx, true, PolicyDefault)
}

// VerifyAny is Verify or VerifyPh as opts selects: a SignerOptions (or
// non-nil *SignerOptions) gives the scheme, context and Policy;
// crypto.Hash(0) means pure Ed448 without context under PolicyDefault. It
// returns false for any other opts (as PrivateKey.Sign refuses them: a
// foreign type's context or scheme would be dropped), a nonzero hash, or an
// unknown scheme or policy. Variable time.
func VerifyAny(pub PublicKey, message, sig []byte, opts crypto.SignerOpts) bool {
	o, err := optionsOf(opts)
	if err != nil {
		return false
	}
	switch o.Scheme {
	case ED448:
		return verify(pub, message, sig, o.Context, false, o.Policy)
	case ED448Ph:
		return verify(pub, message, sig, o.Context, true, o.Policy)
	}
	return false
}
