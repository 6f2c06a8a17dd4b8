// Package ecdsa is ECDSA (SEC 1, Section 4.1; FIPS 186-5, Section 6)
// written once over the curve packages' concrete scalar and point types:
// hedged and RFC 6979 signing, the verification equation, the DER and
// IEEE P1363 signature encodings, the low-S form and the checks that make
// every bad input a refusal. A curve package supplies its arithmetic as a
// [Curve] and its constants and error prefix as [Params], and keeps its
// exported API.
//
// The curve's operations take and return values, not pointers: a method
// of a type parameter is called through a dictionary, and escape analysis
// sends every pointer argument of such a call to the heap. Values keep the
// signing and verification paths free of allocations; the copies and the
// indirect calls cost nothing next to the scalar multiplications.
package ecdsa

import (
	"bytes"
	"crypto"
	cryptorand "crypto/rand"
	"errors"
	"fmt"
	"io"
	"reflect"
)

// MaxSize is the largest scalar size, in bytes, of a curve this package
// serves (P-521's 66).
const MaxSize = 66

// Int is a big-endian integer in its first Params.Size bytes; the rest is
// zero.
type Int [MaxSize]byte

// Curve is a concrete curve's arithmetic: S is its scalar (mod n) type
// and P its point type, both used as values.
type Curve[S, P any] interface {
	// Canonical returns the scalar b (its first Size bytes, big-endian) and
	// whether b < n.
	Canonical(b Int) (S, bool)
	// Reduce returns b mod n.
	Reduce(b Int) S
	// Encode returns s, big-endian.
	Encode(s S) Int
	// IsZero reports whether s is zero.
	IsZero(s S) bool
	// Multiply returns a·b, MultiplyAdd a·b + c, Invert a⁻¹ (0 for 0) and
	// Negate −a, mod n.
	Multiply(a, b S) S
	MultiplyAdd(a, b, c S) S
	Invert(a S) S
	Negate(a S) S
	// BaseMultX returns the affine x-coordinate of k·G, big-endian, for k
	// in [1, n − 1], in constant time.
	BaseMultX(k Int) Int
	// VarTimeCheckX reports whether R = u1·G + u2·q is not the identity
	// and x(R) ≡ r (mod n), for r in [1, n − 1]. Variable time: every
	// input is public.
	VarTimeCheckX(q P, u1, u2, r Int) bool
}

// Params are a curve's constants and its errors.
type Params struct {
	// Size is the byte length of scalars, of r and s, and of the
	// deterministic nonces' candidates; the order's bit length must be
	// 8·Size (bits2int is then a truncation to Size bytes).
	Size int
	// HalfOrder is ⌊n/2⌋, the largest low s.
	HalfOrder Int

	// The errors, each prefixed with the package's name.
	ErrDER          error // a signature that does not parse, or r or s out of range
	ErrNilOpts      error
	ErrHashMismatch error
	ErrHashUnavail  error
	ErrSigFailed    error
	errNilPointer   error
	errOptsPanic    error
	name            string
}

// NewParams returns the parameters of a curve whose package is named name
// (the prefix of its errors), whose scalars are size bytes and whose
// order's half is halfOrder (big-endian, size bytes).
func NewParams(name string, size int, halfOrder []byte) *Params {
	if size <= 0 || size > MaxSize || len(halfOrder) != size {
		panic("ecdsa: bad parameters for " + name)
	}
	p := &Params{Size: size, name: name}
	copy(p.HalfOrder[:], halfOrder)
	p.ErrDER = errors.New(name + ": invalid ASN.1 ECDSA signature")
	p.ErrNilOpts = errors.New(name + ": Sign called with nil opts")
	p.ErrHashMismatch = errors.New(name + ": digest length does not match opts.HashFunc()")
	p.ErrHashUnavail = errors.New(name + ": hash function of opts is not available")
	p.ErrSigFailed = errors.New(name + ": signing failed")
	p.errNilPointer = errors.New(name + ": nil pointer as crypto.SignerOpts")
	p.errOptsPanic = errors.New(name + ": opts.HashFunc() panicked (a nil pointer?)")
	return p
}

// bits2int is bits2int followed by the reduction mod n (SEC 1 §4.1.3
// step 5, FIPS 186-5 §6.4.1): the leftmost 8·Size bits of the digest, as
// an integer, mod n. Shorter digests are taken as they are.
func bits2int[S, P any, C Curve[S, P]](p *Params, c C, digest []byte) S {
	var b Int
	if len(digest) >= p.Size {
		copy(b[:p.Size], digest[:p.Size])
	} else {
		copy(b[p.Size-len(digest):p.Size], digest)
	}
	return c.Reduce(b)
}

// Sign computes an ECDSA signature (r, s) by the private scalar d (db,
// Size bytes big-endian) of digest, with nonces from the RFC 6979 generator seeded
// with db, the reduced digest and extra (RFC 6979 §3.6; nil for
// deterministic signatures), h its HMAC hash. Constant time in d and k
// except for the negligible-probability retries (k ∉ [1, n − 1], r = 0,
// s = 0), which reveal only that a candidate was rejected.
func Sign[S, P any, C Curve[S, P]](p *Params, c C, h crypto.Hash, d S, db, digest, extra []byte) (r, s Int, err error) {
	if h.Size() > 64 {
		return r, s, p.ErrHashUnavail // no such hash in crypto today
	}
	e := bits2int[S, P](p, c, digest)
	eb := c.Encode(e)
	var g drbg
	g.init(macFor(h), h.Size(), db, eb[:p.Size], extra)
	var t Int
	for range 64 {
		g.next(t[:p.Size])
		k, ok := c.Canonical(t)
		if !ok || c.IsZero(k) {
			g.reseed()
			continue
		}
		re := c.Reduce(c.BaseMultX(t))
		if c.IsZero(re) {
			g.reseed()
			continue
		}
		// s = k⁻¹·(e + r·d)
		se := c.Multiply(c.MultiplyAdd(re, d, e), c.Invert(k))
		if c.IsZero(se) {
			g.reseed()
			continue
		}
		return c.Encode(re), c.Encode(se), nil
	}
	return r, s, p.ErrSigFailed
}

// SignHedged reads Size bytes from rand (crypto/rand.Reader if nil) and
// signs with them mixed into the RFC 6979 derivation with HMAC-SHA-256; a
// failed or short read is an error and nothing is signed.
func SignHedged[S, P any, C Curve[S, P]](p *Params, c C, rand io.Reader, d S, db, digest []byte) (r, s Int, err error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	var extra Int
	if _, err := io.ReadFull(rand, extra[:p.Size]); err != nil {
		return r, s, fmt.Errorf("%s: reading randomness: %w", p.name, err)
	}
	return Sign[S, P](p, c, crypto.SHA256, d, db, digest, extra[:p.Size])
}

// SignerHash returns the hash of a crypto.Signer's deterministic
// signature: opts.HashFunc(), which must be available and of the digest's
// length. Where crypto/ecdsa panics (a nil opts or nil pointer, an opts
// whose HashFunc panics, a hash that is not linked in) it returns an
// error.
func (p *Params) SignerHash(opts crypto.SignerOpts, digestLen int) (crypto.Hash, error) {
	h, err := p.hashFuncOf(opts)
	if err != nil {
		return 0, err
	}
	if !h.Available() {
		return 0, p.ErrHashUnavail
	}
	if h.Size() != digestLen {
		return 0, p.ErrHashMismatch
	}
	return h, nil
}

// hashFuncOf returns opts.HashFunc(), and an error for a nil opts, a nil
// pointer (whose HashFunc may dereference it, as *rsa.PSSOptions's does) or
// an opts whose HashFunc panics.
func (p *Params) hashFuncOf(opts crypto.SignerOpts) (h crypto.Hash, err error) {
	if opts == nil {
		return 0, p.ErrNilOpts
	}
	if h, ok := opts.(crypto.Hash); ok {
		return h, nil
	}
	if v := reflect.ValueOf(opts); v.Kind() == reflect.Pointer && v.IsNil() {
		return 0, p.errNilPointer
	}
	defer func() {
		if recover() != nil {
			h, err = 0, p.errOptsPanic
		}
	}()
	return opts.HashFunc(), nil
}

// Verify reports whether (r, s), each Size bytes big-endian, is a valid
// signature of digest by the public point q: r and s in [1, n − 1], s ≤
// n/2 if lowS, and x(u1·G + u2·q) ≡ r (mod n) with w = s⁻¹, u1 = e·w,
// u2 = r·w. Variable time: every input is public.
func Verify[S, P any, C Curve[S, P]](p *Params, c C, q P, digest []byte, rb, sb *Int, lowS bool) bool {
	r, ok := c.Canonical(*rb)
	if !ok || c.IsZero(r) {
		return false
	}
	s, ok := c.Canonical(*sb)
	if !ok || c.IsZero(s) {
		return false
	}
	if lowS && p.IsHighS(sb) {
		return false
	}
	e := bits2int[S, P](p, c, digest)
	w := c.Invert(s)
	u1, u2 := c.Multiply(e, w), c.Multiply(r, w)
	return c.VarTimeCheckX(q, c.Encode(u1), c.Encode(u2), *rb)
}

// IsHighS reports whether s > ⌊n/2⌋.
func (p *Params) IsHighS(s *Int) bool {
	return bytes.Compare(s[:p.Size], p.HalfOrder[:p.Size]) > 0
}

// NormalizeLowS returns sig, a DER signature, with s replaced by n − s if
// s > n/2. A signature that does not parse, or has r or s out of
// [1, n − 1], is p.ErrDER.
func NormalizeLowS[S, P any, C Curve[S, P]](p *Params, c C, sig []byte) ([]byte, error) {
	r, s, ok := p.ParseDER(sig)
	if !ok {
		return nil, p.ErrDER
	}
	if re, ok := c.Canonical(r); !ok || c.IsZero(re) {
		return nil, p.ErrDER
	}
	se, ok := c.Canonical(s)
	if !ok || c.IsZero(se) {
		return nil, p.ErrDER
	}
	if p.IsHighS(&s) {
		s = c.Encode(c.Negate(se))
	}
	return p.EncodeDER(&r, &s), nil
}

// EncodeP1363 returns r‖s, each Size bytes big-endian (IEEE P1363, as
// WebCrypto, JOSE and PKCS #11 use).
func (p *Params) EncodeP1363(r, s *Int) []byte {
	out := make([]byte, 2*p.Size)
	copy(out, r[:p.Size])
	copy(out[p.Size:], s[:p.Size])
	return out
}

// ParseP1363 splits sig, r‖s, into r and s; any length but 2·Size fails.
func (p *Params) ParseP1363(sig []byte) (r, s Int, ok bool) {
	if len(sig) != 2*p.Size {
		return r, s, false
	}
	copy(r[:p.Size], sig[:p.Size])
	copy(s[:p.Size], sig[p.Size:])
	return r, s, true
}
