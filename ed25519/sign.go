package ed25519

import (
	"crypto"
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"strconv"

	"github.com/curvekit/curvekit/internal/ed25519core"
	"github.com/curvekit/curvekit/internal/keycache"
)

// signingKey is a private key in the form signing uses: the secret scalar
// s = clamp(SHA-512(seed)[:32]) mod ℓ, the nonce prefix SHA-512(seed)[32:],
// and the encoded public key [s]B.
type signingKey struct {
	s      scalar
	prefix [32]byte
	pub    [32]byte
}

// fromSeed expands a 32-byte seed (RFC 8032 §5.1.5). Constant time.
func (k *signingKey) fromSeed(seed []byte) {
	h := sha512.Sum512(seed)
	if _, err := k.s.SetBytesWithClamping(h[:32]); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}
	copy(k.prefix[:], h[32:])
	var A point
	A.ScalarBaseMult(&k.s)
	copy(k.pub[:], A.Bytes())
}

// sign writes R ‖ S for message under variant d (RFC 8032 §5.1.6). Every
// step is constant time in the secret scalar and nonce.
func (k *signingKey) sign(signature, message []byte, d ed25519core.Variant, ctx string) {
	mh := sha512.New()
	var db ed25519core.DomBytes
	mh.Write(ed25519core.AppendDom(&db, d, ctx))
	mh.Write(k.prefix[:])
	mh.Write(message)
	var digest [64]byte
	mh.Sum(digest[:0])
	var r scalar
	if _, err := r.SetUniformBytes(digest[:]); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}

	var R point
	R.ScalarBaseMult(&r)
	var rBytes [32]byte
	copy(rBytes[:], R.Bytes())

	// The challenge, over public data only.
	var c scalar
	ed25519core.Challenge(&c, d, ctx, rBytes[:], k.pub[:], message)

	var S scalar
	S.MultiplyAdd(&c, &k.s, &r)

	copy(signature[:32], rBytes[:])
	copy(signature[32:], S.Bytes())
}

// signWithOptions implements the crypto.Signer contract.
func (k *signingKey) signWithOptions(message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if opts == nil {
		return nil, errNilOpts
	}
	context := ""
	if o, ok := opts.(*Options); ok && o != nil {
		context = o.Context
	}
	d, ctx, err := ed25519core.DomainFromOptions(opts.HashFunc(), context, len(message))
	if err != nil {
		return nil, err
	}
	signature := make([]byte, SignatureSize)
	k.sign(signature, message, d, ctx)
	return signature, nil
}

// The expanded form of a PrivateKey is cached, as crypto/ed25519 does,
// keyed by the address of the key's first byte and checked against the full
// 64 bytes on every hit. The cache is what makes the seed check below
// affordable: the fixed-base multiplication runs once per key, not per
// signature.
//
// Design choice (see the package doc): a PrivateKey whose public half does
// not match its seed is rejected. crypto/ed25519 signs with whatever public
// half it is given, and two signatures of one message under two different
// public halves reveal the secret scalar.
//
// internal/keycache is the cache, shared with ed448.
var keyCache keycache.Cache[signingKey]

func cachedKey(priv PrivateKey) (*signingKey, error) {
	if l := len(priv); l != PrivateKeySize {
		return nil, errors.New("ed25519: bad private key: bad private key length: " + strconv.Itoa(l))
	}
	return keyCache.Get(priv, func(k *signingKey) error {
		k.fromSeed(priv[:SeedSize])
		if subtle.ConstantTimeCompare(k.pub[:], priv[SeedSize:]) != 1 {
			return errors.New("ed25519: bad private key: public key does not match seed")
		}
		return nil
	})
}
