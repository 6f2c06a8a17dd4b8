package ed25519core

import (
	"crypto"
	"crypto/sha512"
	"errors"
	"strconv"

	"github.com/curvekit/curvekit/curve25519"
)

type (
	point  = curve25519.Point
	scalar = curve25519.Scalar
)

// Variant selects the RFC 8032 variant; its prefix is dom2's (§5.1).
type Variant uint8

const (
	Pure Variant = iota // Ed25519: no prefix
	Ctx                 // Ed25519ctx: dom2(0, ctx)
	Ph                  // Ed25519ph: dom2(1, ctx)
)

// dom2Prefix is "SigEd25519 no Ed25519 collisions" (RFC 8032 §5.1).
const dom2Prefix = "SigEd25519 no Ed25519 collisions"

// DomainFromOptions maps (hash, context) to a variant as crypto/ed25519
// does, and checks the lengths RFC 8032 fixes: a context of at most 255
// bytes, and for Ed25519ph a message (the pre-hash) of 64 bytes. The
// returned context is empty for pure Ed25519. The errors are
// ed25519.VerifyWithOptions's.
func DomainFromOptions(h crypto.Hash, context string, msgLen int) (Variant, string, error) {
	v, ctx, bad := domain(h, context, msgLen)
	switch bad {
	case badPhMessage:
		return 0, "", errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(msgLen))
	case badPhContext:
		return 0, "", errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(len(context)))
	case badCtxContext:
		return 0, "", errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(len(context)))
	case badHash:
		return 0, "", errors.New("ed25519: expected opts.Hash zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
	return v, ctx, nil
}

// ValidDomain is DomainFromOptions without the error: ok is false for the
// option sets it rejects. It never allocates.
func ValidDomain(h crypto.Hash, context string, msgLen int) (v Variant, ctx string, ok bool) {
	v, ctx, bad := domain(h, context, msgLen)
	return v, ctx, bad == optionsOK
}

// badOptions says which rule of domain an option set breaks.
type badOptions uint8

const (
	optionsOK     badOptions = iota
	badPhMessage             // Ed25519ph message not 64 bytes
	badPhContext             // Ed25519ph context over 255 bytes
	badCtxContext            // Ed25519ctx context over 255 bytes
	badHash                  // neither crypto.Hash(0) nor SHA-512
)

// domain holds the option rules DomainFromOptions and ValidDomain share.
func domain(h crypto.Hash, context string, msgLen int) (Variant, string, badOptions) {
	switch {
	case h == crypto.SHA512:
		if msgLen != sha512.Size {
			return 0, "", badPhMessage
		}
		if len(context) > 255 {
			return 0, "", badPhContext
		}
		return Ph, context, optionsOK
	case h == crypto.Hash(0) && context != "":
		if len(context) > 255 {
			return 0, "", badCtxContext
		}
		return Ctx, context, optionsOK
	case h == crypto.Hash(0):
		return Pure, "", optionsOK
	}
	return 0, "", badHash
}

// DomBytes is room for dom2(phflag, ctx): the prefix, two bytes and at most
// 255 bytes of context.
type DomBytes [len(dom2Prefix) + 2 + 255]byte

// AppendDom returns, in buf, dom2(phflag, ctx) for Ctx and Ph, and nothing
// for Pure. ctx is at most 255 bytes (as DomainFromOptions checks).
func AppendDom(buf *DomBytes, v Variant, ctx string) []byte {
	if v == Pure {
		return buf[:0]
	}
	n := copy(buf[:], dom2Prefix)
	buf[n] = 0
	if v == Ph {
		buf[n] = 1
	}
	buf[n+1] = byte(len(ctx))
	n += 2
	n += copy(buf[n:], ctx)
	return buf[:n]
}

// Challenge sets k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ, over the bytes as
// given (R and A need not be valid encodings). It does not allocate: the
// hash state lives on the stack.
func Challenge(k *curve25519.Scalar, v Variant, ctx string, R, A, M []byte) {
	h := sha512.New()
	var db DomBytes
	h.Write(AppendDom(&db, v, ctx))
	h.Write(R)
	h.Write(A)
	h.Write(M)
	var digest [sha512.Size]byte
	h.Sum(digest[:0])
	if _, err := k.SetUniformBytes(digest[:]); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}
}
