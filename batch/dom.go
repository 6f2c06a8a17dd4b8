package batch

import (
	"crypto"
	"crypto/sha512"
	"hash"

	"github.com/curvekit/curvekit/ed25519"
)

// The ed25519 package does not export its dom2 prefix or challenge hashing,
// so they are restated here (RFC 8032 §5.1); candidates to share.

// dom2Prefix is the dom2 prefix string of RFC 8032 §5.1, as bytes so that
// writing it does not allocate.
var dom2Prefix = []byte("SigEd25519 no Ed25519 collisions")

// variant is the RFC 8032 variant an entry's Options select.
type variant uint8

const (
	variantPure variant = iota // Ed25519: no prefix
	variantCtx                 // Ed25519ctx: dom2(0, ctx)
	variantPh                  // Ed25519ph: dom2(1, ctx)
)

// variantFromOptions maps opts to a variant exactly as
// ed25519.VerifyWithOptions does, and reports false for the option sets it
// rejects (unknown hash, context over 255 bytes, Ed25519ph message that is
// not a 64-byte digest). A nil opts means the zero Options.
func variantFromOptions(opts *ed25519.Options, msgLen int) (variant, bool) {
	if opts == nil {
		return variantPure, true
	}
	switch {
	case opts.Hash == crypto.SHA512:
		if msgLen != sha512.Size || len(opts.Context) > 255 {
			return 0, false
		}
		return variantPh, true
	case opts.Hash == crypto.Hash(0) && opts.Context != "":
		if len(opts.Context) > 255 {
			return 0, false
		}
		return variantCtx, true
	case opts.Hash == crypto.Hash(0):
		return variantPure, true
	}
	return 0, false
}

// hasher computes challenges k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ. Its
// buffers live in the Verifier, so hashing does not allocate.
type hasher struct {
	h      hash.Hash
	digest [sha512.Size]byte
	dom    [2 + 255]byte // dom2's flag, length and context
}

// challenge sets k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ, over the bytes as given.
func (hs *hasher) challenge(k *scalar, v variant, ctx string, rBytes, aBytes, msg []byte) {
	if hs.h == nil {
		hs.h = sha512.New()
	}
	h := hs.h
	h.Reset()
	if v != variantPure {
		hs.dom[0] = 0
		if v == variantPh {
			hs.dom[0] = 1
		}
		hs.dom[1] = byte(len(ctx))
		n := 2 + copy(hs.dom[2:], ctx)
		h.Write(dom2Prefix)
		h.Write(hs.dom[:n])
	}
	h.Write(rBytes)
	h.Write(aBytes)
	h.Write(msg)
	h.Sum(hs.digest[:0])
	if _, err := k.SetUniformBytes(hs.digest[:]); err != nil {
		panic("batch: internal error: SetUniformBytes rejected 64 bytes")
	}
}
