package ed25519

import (
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	"errors"
	"reflect"

	"github.com/curvekit/curvekit/internal/ed25519core"
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

// signWithOptions implements the crypto.Signer contract, answering every
// opts as crypto/ed25519's PrivateKey.Sign does (see optionsOf).
func (k *signingKey) signWithOptions(message []byte, opts crypto.SignerOpts) ([]byte, error) {
	hash, context, err := optionsOf(opts)
	if err != nil {
		return nil, err
	}
	d, ctx, err := ed25519core.DomainFromOptions(hash, context, len(message))
	if err != nil {
		if hash != 0 && hash != crypto.SHA512 {
			return nil, errBadHash
		}
		return nil, err
	}
	signature := make([]byte, SignatureSize)
	k.sign(signature, message, d, ctx)
	return signature, nil
}

// optionsOf reads the hash and context of opts as crypto/ed25519's
// PrivateKey.Sign does: the context of this package's *Options and of
// crypto/ed25519's *Options (so that a key handed to code written for
// crypto/ed25519 signs Ed25519ctx and Ed25519ph with the caller's context,
// never a pure signature instead), and for any other type opts.HashFunc()
// with no context, as crypto/ed25519 treats it. A nil opts and a nil
// pointer of either Options type are errors (crypto/ed25519 panics on both),
// except that a nil *Options is the zero Options, as this package documents
// everywhere.
func optionsOf(opts crypto.SignerOpts) (crypto.Hash, string, error) {
	switch o := opts.(type) {
	case nil:
		return 0, "", errNilOpts
	case *Options:
		if o == nil {
			return 0, "", nil
		}
		return o.Hash, o.Context, nil
	case *stded25519.Options:
		if o == nil {
			return 0, "", errNilStdOpts
		}
		return o.Hash, o.Context, nil
	case crypto.Hash:
		return o, "", nil
	}
	return foreignHashFunc(opts)
}

// foreignHashFunc returns opts.HashFunc() for an opts type of another
// package, and an error for a nil pointer (whose HashFunc may dereference
// it, as *rsa.PSSOptions's does) or where HashFunc panics: crypto/ed25519
// panics there, but a caller's bad opts must not abort its process.
func foreignHashFunc(opts crypto.SignerOpts) (h crypto.Hash, context string, err error) {
	if v := reflect.ValueOf(opts); v.Kind() == reflect.Pointer && v.IsNil() {
		return 0, "", errors.New("ed25519: nil pointer as crypto.SignerOpts")
	}
	defer func() {
		if recover() != nil {
			h, context, err = 0, "", errors.New("ed25519: opts.HashFunc() panicked (a nil pointer?)")
		}
	}()
	return opts.HashFunc(), "", nil
}

var (
	errNilStdOpts = errors.New("ed25519: nil *crypto/ed25519.Options")
	errBadHash    = errors.New("ed25519: expected opts.HashFunc() zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
)
