package ed25519

import (
	"crypto"
	stded25519 "crypto/ed25519"
	cryptorand "crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/curvekit/curvekit/internal/ed25519core"
)

const (
	// PublicKeySize is the size, in bytes, of public keys as used in this package.
	PublicKeySize = 32
	// PrivateKeySize is the size, in bytes, of private keys as used in this package.
	PrivateKeySize = 64
	// SignatureSize is the size, in bytes, of signatures generated and verified by this package.
	SignatureSize = 64
	// SeedSize is the size, in bytes, of private key seeds. These are the private key representations used by RFC 8032.
	SeedSize = 32
)

// PublicKey is the type of Ed25519 public keys. It is crypto/ed25519's
// PublicKey type itself (an alias), so a key from either package goes
// unconverted to crypto/x509, crypto/tls or golang.org/x/crypto/ssh, and
// [PrivateKey.Public] returns a value those packages recognise. Its Equal
// method is crypto/ed25519's (constant time).
type PublicKey = stded25519.PublicKey

// PrivateKey is the type of Ed25519 private keys: the 32-byte seed followed
// by the 32-byte public key. It implements [crypto.Signer].
//
// Unlike [PublicKey] it is a type of its own, distinct from
// crypto/ed25519.PrivateKey, because its methods are this package's (faster
// signing, the public-half check). It works unconverted wherever a
// [crypto.Signer] is taken (x509.CreateCertificate, tls.Certificate,
// ssh.NewSignerFromSigner); where the private key's type itself is
// inspected (x509.MarshalPKCS8PrivateKey) use [MarshalPKCS8PrivateKey] and
// [ParsePKCS8PrivateKey], or convert: stded25519.PrivateKey(priv).
type PrivateKey []byte

// Public returns the [PublicKey] corresponding to priv: its last 32 bytes.
// For a priv that is not [PrivateKeySize] bytes it returns nil, so
// pub == nil holds (crypto/ed25519 panics with an index error).
func (priv PrivateKey) Public() crypto.PublicKey {
	if len(priv) != PrivateKeySize {
		return nil
	}
	publicKey := make([]byte, PublicKeySize)
	copy(publicKey, priv[32:])
	return PublicKey(publicKey)
}

// Equal reports whether priv and x have the same value. x may be a
// PrivateKey of this package or a crypto/ed25519.PrivateKey.
func (priv PrivateKey) Equal(x crypto.PrivateKey) bool {
	var xx []byte
	switch k := x.(type) {
	case PrivateKey:
		xx = k
	case stded25519.PrivateKey:
		xx = k
	default:
		return false
	}
	return subtle.ConstantTimeCompare(priv, xx) == 1
}

// Seed returns the private key seed corresponding to priv. It is provided for
// interoperability with RFC 8032. RFC 8032's private keys correspond to seeds
// in this package. For a priv that is not [PrivateKeySize] bytes it returns
// nil (crypto/ed25519 panics with an index error).
func (priv PrivateKey) Seed() []byte {
	if len(priv) != PrivateKeySize {
		return nil
	}
	return append(make([]byte, 0, SeedSize), priv[:SeedSize]...)
}

// Sign signs the given message with priv. rand is ignored and can be nil.
// As with the function [Sign], reusing the same priv slice is fastest: its
// expanded key is cached, and a fresh copy costs at least twice as much.
//
// If opts.HashFunc() is [crypto.SHA512], the pre-hashed variant Ed25519ph is
// used and message is expected to be a SHA-512 hash, otherwise
// opts.HashFunc() must be [crypto.Hash](0) and the message must not be
// hashed, as Ed25519 performs two passes over messages to be signed. A
// non-empty [Options.Context] with crypto.Hash(0) selects Ed25519ctx.
//
// opts may be this package's *[Options] or crypto/ed25519's *Options: both
// carry a context, so code written for crypto/ed25519 gets Ed25519ctx and
// Ed25519ph signatures byte-identical to crypto/ed25519's. Any other opts
// type is read as crypto/ed25519 reads it: opts.HashFunc() with no context.
// Invalid combinations (a context over 255 bytes, an Ed25519ph message that
// is not 64 bytes, a hash other than zero and SHA-512) return an error, as
// in crypto/ed25519.
//
// Unlike crypto/ed25519, Sign returns an error when the public half of priv
// does not match its seed (see [PrivateKey]), and for a nil opts, a nil
// pointer of any type but *[Options] (a nil *Options is the zero Options),
// or an opts whose HashFunc panics; crypto/ed25519 panics on these.
func (priv PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) (signature []byte, err error) {
	if opts == nil {
		return nil, errNilOpts
	}
	var scratch signingKey
	k, err := cachedKey(priv, &scratch)
	if err != nil {
		return nil, err
	}
	sig, err := k.signWithOptions(message, opts)
	scratch = signingKey{}
	return sig, err
}

// Options can be used with [PrivateKey.Sign] or [VerifyWithOptions]
// to select Ed25519 variants and, for verification, the [Policy].
type Options struct {
	// Hash can be zero for regular Ed25519, or crypto.SHA512 for Ed25519ph.
	Hash crypto.Hash

	// Context, if not empty, selects Ed25519ctx or provides the context string
	// for Ed25519ph. It can be at most 255 bytes in length.
	Context string

	// Policy selects the verification rules; the zero value, PolicyDefault,
	// behaves exactly as crypto/ed25519. Signing ignores it.
	Policy Policy
}

// HashFunc returns o.Hash; a nil o is the zero Options, as
// [VerifyWithOptions] treats it.
func (o *Options) HashFunc() crypto.Hash {
	if o == nil {
		return 0
	}
	return o.Hash
}

var errNilOpts = errors.New("ed25519: nil crypto.SignerOpts")

// GenerateKey generates a public/private key pair using entropy from random.
//
// If random is nil, crypto/rand.Reader is used.
//
// The output of this function is deterministic, and equivalent to reading
// [SeedSize] bytes from random, and passing them to [NewKeyFromSeed].
// If the read fails, the error wraps random's (errors.Is finds it;
// io.ErrUnexpectedEOF for a short reader).
func GenerateKey(random io.Reader) (PublicKey, PrivateKey, error) {
	if random == nil {
		random = cryptorand.Reader
	}
	seed := make([]byte, SeedSize)
	if _, err := io.ReadFull(random, seed); err != nil {
		return nil, nil, fmt.Errorf("ed25519: reading randomness: %w", err)
	}
	privateKey := NewKeyFromSeed(seed)
	publicKey := privateKey.Public().(PublicKey)
	return publicKey, privateKey, nil
}

// NewKeyFromSeed calculates a private key from a seed. It will panic if
// len(seed) is not [SeedSize]. This function is provided for interoperability
// with RFC 8032. RFC 8032's private keys correspond to seeds in this
// package.
func NewKeyFromSeed(seed []byte) PrivateKey {
	// Outlined body: the returned key can stay on the caller's stack.
	privateKey := make([]byte, PrivateKeySize)
	newKeyFromSeed(privateKey, seed)
	return privateKey
}

func newKeyFromSeed(privateKey, seed []byte) {
	if l := len(seed); l != SeedSize {
		panic("ed25519: bad seed length: " + strconv.Itoa(l))
	}
	var k signingKey
	k.fromSeed(seed)
	copy(privateKey, seed)
	copy(privateKey[32:], k.pub[:])
}

// Sign signs the message with privateKey and returns a signature. It will
// panic if len(privateKey) is not [PrivateKeySize], or if its public half
// does not match its seed (crypto/ed25519 signs anyway; see [PrivateKey]).
//
// Sign caches the expanded key per backing array of privateKey: reuse the
// same PrivateKey slice (call [NewKeyFromSeed] once) to benefit, since a
// fresh copy of the key costs at least twice as much to sign with.
func Sign(privateKey PrivateKey, message []byte) []byte {
	// Outlined body: the returned signature can stay on the caller's stack.
	signature := make([]byte, SignatureSize)
	sign(signature, privateKey, message)
	return signature
}

func sign(signature []byte, privateKey PrivateKey, message []byte) {
	var scratch signingKey
	k, err := cachedKey(privateKey, &scratch)
	if err != nil {
		panic(err.Error())
	}
	k.sign(signature, message, ed25519core.Pure, "")
	scratch = signingKey{}
}
