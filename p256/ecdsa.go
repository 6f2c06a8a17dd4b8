package p256

import (
	"bytes"
	"crypto"
	"crypto/hmac"
	cryptorand "crypto/rand"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/internal/hmacsha256"
)

var (
	errNilOpts      = errors.New("p256: Sign called with nil opts")
	errHashMismatch = errors.New("p256: digest length does not match opts.HashFunc()")
	errHashUnavail  = errors.New("p256: hash function of opts is not available")
	errSigFailed    = errors.New("p256: signing failed")
)

// orderN is n, big-endian.
var orderBytes = [32]byte{
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
}

// pMinusN is p − n, big-endian: an x-coordinate x ≥ n reduces to r = x − n
// only when r < p − n.
var pMinusN = [32]byte{
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0x43, 0x19, 0x05, 0x53, 0x58, 0xe8, 0x61, 0x7b, 0x0c, 0x46, 0x35, 0x3d, 0x03, 0x9c, 0xda, 0xae,
}

var nField = mustElement("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

// hashToScalar is bits2int followed by the reduction mod n (SEC 1 §4.1.3
// step 5, FIPS 186-5 §6.4.1): the leftmost 256 bits of the digest, as an
// integer, mod n. Shorter digests are taken as they are.
func hashToScalar(e *scalarp256.Element, digest []byte) *scalarp256.Element {
	var b [32]byte
	if len(digest) >= 32 {
		copy(b[:], digest[:32])
	} else {
		copy(b[32-len(digest):], digest)
	}
	e.SetReducedBytes(b[:])
	return e
}

// macFunc appends HMAC_key(parts[0] ‖ parts[1] ‖ …) to dst.
type macFunc func(dst, key []byte, parts ...[]byte) []byte

// macSHA256 is HMAC-SHA-256 without allocations (internal/hmacsha256).
func macSHA256(dst, key []byte, parts ...[]byte) []byte {
	var out [hmacsha256.Size]byte
	hmacsha256.MAC(&out, key, parts...)
	return append(dst, out[:]...)
}

// macFor returns the HMAC of h (crypto/hmac for every hash but SHA-256).
func macFor(h crypto.Hash) macFunc {
	if h == crypto.SHA256 {
		return macSHA256
	}
	return func(dst, key []byte, parts ...[]byte) []byte {
		m := hmac.New(h.New, key)
		for _, p := range parts {
			m.Write(p)
		}
		return m.Sum(dst)
	}
}

// drbg is the HMAC_DRBG of RFC 6979 §3.2 for qlen = 256, with K and V of
// up to 64 bytes (SHA-512) kept in place.
type drbg struct {
	mac    macFunc
	kb, vb [64]byte
	k, v   []byte
}

// init runs RFC 6979 §3.2 steps b–g on int2octets(x) and bits2octets(h),
// with extra appended to the seed as §3.6 allows (hedged signatures).
func (d *drbg) init(mac macFunc, size int, x, h, extra []byte) {
	d.mac = mac
	d.k = d.kb[:size]
	d.v = d.vb[:size]
	clear(d.k)
	for i := range d.v {
		d.v[i] = 1
	}
	for _, sep := range [][]byte{{0}, {1}} {
		d.k = d.mac(d.k[:0], d.k, d.v, sep, x, h, extra)
		d.v = d.mac(d.v[:0], d.k, d.v)
	}
}

// next returns the next 32-byte candidate T of step h.
func (d *drbg) next(t *[32]byte) {
	n := 0
	for n < 32 {
		d.v = d.mac(d.v[:0], d.k, d.v)
		n += copy(t[n:], d.v)
	}
}

// reseed is step h.3 after a rejected candidate.
func (d *drbg) reseed() {
	d.k = d.mac(d.k[:0], d.k, d.v, []byte{0})
	d.v = d.mac(d.v[:0], d.k, d.v)
}

// sign computes an ECDSA signature (r, s) with nonces from the RFC 6979
// generator seeded with d, the reduced digest and extra. Constant time in
// d and k except for the negligible-probability retries (k ∉ [1, n−1],
// r = 0, s = 0), which reveal only that a candidate was rejected.
func (priv *PrivateKey) sign(h crypto.Hash, digest, extra []byte) (r, s [32]byte, err error) {
	if h.Size() > 64 {
		return r, s, errHashUnavail // no such hash in crypto today
	}
	var e scalarp256.Element
	hashToScalar(&e, digest)
	var g drbg
	g.init(macFor(h), h.Size(), priv.db[:], e.Bytes(), extra)
	var t [32]byte
	for range 64 {
		g.next(&t)
		var k scalarp256.Element
		if _, err := k.SetCanonicalBytes(t[:]); err != nil || k.IsZero() == 1 {
			g.reseed()
			continue
		}
		var R point
		R.scalarBaseMult(&t)
		x, _, _ := R.affine()
		var re scalarp256.Element
		re.SetReducedBytes(x.Bytes())
		if re.IsZero() == 1 {
			g.reseed()
			continue
		}
		// s = k⁻¹·(e + r·d)
		var se, kinv scalarp256.Element
		se.MultiplyAdd(&re, &priv.d, &e)
		kinv.Invert(&k)
		se.Multiply(&se, &kinv)
		if se.IsZero() == 1 {
			g.reseed()
			continue
		}
		copy(r[:], re.Bytes())
		copy(s[:], se.Bytes())
		return r, s, nil
	}
	return r, s, errSigFailed
}

// signHedged reads 32 bytes from rand and signs with them mixed into the
// RFC 6979 derivation (HMAC-SHA-256).
func (priv *PrivateKey) signHedged(rand io.Reader, digest []byte) (r, s [32]byte, err error) {
	if !priv.valid() {
		return r, s, errInvalidKey
	}
	if rand == nil {
		rand = cryptorand.Reader
	}
	var extra [32]byte
	if _, err := io.ReadFull(rand, extra[:]); err != nil {
		return r, s, fmt.Errorf("p256: reading randomness: %w", err)
	}
	return priv.sign(crypto.SHA256, digest, extra[:])
}

// SignASN1 signs digest, a hash of any length (truncated to 256 bits as SEC
// 1 §4.1.3 does), and returns the DER-encoded signature SEQUENCE { r, s },
// as crypto/ecdsa.SignASN1 does.
//
// The nonce is hedged: 32 bytes read from rand are mixed into an RFC 6979
// derivation (HMAC-SHA-256 over the key and the digest, with the bytes as
// the additional input of RFC 6979 §3.6), so a weak rand does not leak the
// key and a good one makes signatures unpredictable. SignASN1 uses the
// reader it is given — a deterministic reader gives deterministic
// signatures — whereas Go 1.26's crypto/ecdsa ignores a custom reader
// unless GODEBUG=cryptocustomrand=1. A nil reader means crypto/rand.Reader
// (as in Go's default mode); a failed or short read is an error: nothing is
// signed. (The crypto.Signer method Sign is the one place where a nil reader
// means deterministic RFC 6979 signing.)
func SignASN1(rand io.Reader, priv *PrivateKey, digest []byte) ([]byte, error) {
	r, s, err := priv.signHedged(rand, digest)
	if err != nil {
		return nil, err
	}
	return encodeDER(&r, &s), nil
}

// SignP1363 is SignASN1 with the signature as the 64-byte IEEE P1363 form
// r‖s, each 32 bytes big-endian (as WebCrypto, JOSE and PKCS#11 use).
func SignP1363(rand io.Reader, priv *PrivateKey, digest []byte) ([]byte, error) {
	r, s, err := priv.signHedged(rand, digest)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 64)
	copy(out, r[:])
	copy(out[32:], s[:])
	return out, nil
}

// Public returns the public key as an *ecdsa.PublicKey, so that crypto/x509
// and crypto/tls accept a *PrivateKey as a crypto.Signer. It returns nil
// for an invalid key.
func (priv *PrivateKey) Public() crypto.PublicKey {
	if !priv.valid() {
		return nil
	}
	pub, _ := priv.pub.ToECDSA()
	return pub
}

// Sign implements crypto.Signer: a DER signature of digest. With a nil
// rand it is deterministic, RFC 6979 with the hash opts.HashFunc() names
// (which must be available and match the digest length), as crypto/ecdsa
// does since Go 1.24; otherwise it is SignASN1 with rand.
//
// ECDSA has no variant an opts value could select, so, exactly as
// crypto/ecdsa, Sign reads nothing of opts but opts.HashFunc(), whatever its
// type, and ignores opts when rand is not nil. Where crypto/ecdsa panics (a
// nil opts or nil pointer, an opts whose HashFunc panics, a hash that is not
// linked in) Sign returns an error.
func (priv *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if !priv.valid() {
		return nil, errInvalidKey
	}
	if rand != nil {
		return SignASN1(rand, priv, digest)
	}
	h, err := hashFuncOf(opts)
	if err != nil {
		return nil, err
	}
	if !h.Available() {
		return nil, errHashUnavail
	}
	if h.Size() != len(digest) {
		return nil, errHashMismatch
	}
	r, s, err := priv.sign(h, digest, nil)
	if err != nil {
		return nil, err
	}
	return encodeDER(&r, &s), nil
}

// hashFuncOf returns opts.HashFunc(), and an error for a nil opts, a nil
// pointer (whose HashFunc may dereference it, as *rsa.PSSOptions's does) or
// an opts whose HashFunc panics, where crypto/ecdsa panics.
func hashFuncOf(opts crypto.SignerOpts) (h crypto.Hash, err error) {
	if opts == nil {
		return 0, errNilOpts
	}
	if h, ok := opts.(crypto.Hash); ok {
		return h, nil
	}
	if v := reflect.ValueOf(opts); v.Kind() == reflect.Pointer && v.IsNil() {
		return 0, errors.New("p256: nil pointer as crypto.SignerOpts")
	}
	defer func() {
		if recover() != nil {
			h, err = 0, errors.New("p256: opts.HashFunc() panicked (a nil pointer?)")
		}
	}()
	return opts.HashFunc(), nil
}

// SignDeterministic returns the deterministic RFC 6979 signature of digest,
// DER-encoded, with h as the HMAC hash (normally the hash that produced
// digest). It is Sign(nil, digest, h) without the length check, for
// digests of other lengths.
func SignDeterministic(priv *PrivateKey, h crypto.Hash, digest []byte) ([]byte, error) {
	if !priv.valid() {
		return nil, errInvalidKey
	}
	if !h.Available() {
		return nil, errHashUnavail
	}
	r, s, err := priv.sign(h, digest, nil)
	if err != nil {
		return nil, err
	}
	return encodeDER(&r, &s), nil
}

// verify checks (r, s), each 32 bytes big-endian, on digest. Variable
// time: every input is public.
func (pub *PublicKey) verify(digest []byte, rb, sb *[32]byte, lowS bool) bool {
	if !pub.valid() {
		return false
	}
	var r, s scalarp256.Element
	if _, err := r.SetCanonicalBytes(rb[:]); err != nil || r.IsZero() == 1 {
		return false
	}
	if _, err := s.SetCanonicalBytes(sb[:]); err != nil || s.IsZero() == 1 {
		return false
	}
	if lowS && isHighS(sb) {
		return false
	}
	var e scalarp256.Element
	hashToScalar(&e, digest)
	var w, u1, u2 scalarp256.Element
	w.Invert(&s)
	u1.Multiply(&e, &w)
	u2.Multiply(&r, &w)
	var u1b, u2b [32]byte
	copy(u1b[:], u1.Bytes())
	copy(u2b[:], u2.Bytes())
	var R point
	R.varTimeDoubleScalarBaseMult(&u1b, &u2b, &pub.p)
	if R.isIdentity() == 1 {
		return false
	}
	// x(R) mod n = r, checked projectively: X = r·Z, or X = (r + n)·Z
	// when r + n < p.
	var rf, t fieldp256.Element
	rf.SetCanonicalBytes(rb[:]) // r < n < p
	if t.Multiply(&rf, &R.z).Equal(&R.x) == 1 {
		return true
	}
	if bytes.Compare(rb[:], pMinusN[:]) < 0 {
		rf.Add(&rf, nField)
		return t.Multiply(&rf, &R.z).Equal(&R.x) == 1
	}
	return false
}

// halfOrder is ⌊n/2⌋, big-endian.
var halfOrder = [32]byte{
	0x7f, 0xff, 0xff, 0xff, 0x80, 0x00, 0x00, 0x00, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xde, 0x73, 0x7d, 0x56, 0xd3, 0x8b, 0xcf, 0x42, 0x79, 0xdc, 0xe5, 0x61, 0x7e, 0x31, 0x92, 0xa8,
}

func isHighS(s *[32]byte) bool { return bytes.Compare(s[:], halfOrder[:]) > 0 }

// VerifyASN1 reports whether sig, a DER SEQUENCE { r, s }, is a valid
// signature of digest by pub. The DER is parsed exactly as crypto/ecdsa
// parses it (minimal, positive INTEGERs, definite minimal lengths, no
// trailing data); r and s must be in [1, n−1]. Like crypto/ecdsa it
// accepts both s and n − s (see VerifyASN1LowS). Variable time: the
// inputs are public. Invalid keys verify nothing.
func VerifyASN1(pub *PublicKey, digest, sig []byte) bool {
	r, s, ok := parseDER(sig)
	return ok && pub.verify(digest, &r, &s, false)
}

// VerifyASN1LowS is VerifyASN1 that also rejects s > n/2, for protocols
// that require the low-S form to stop signature malleability (Bitcoin's
// BIP 62/146, Cosmos). NormalizeLowS converts signatures to that form.
func VerifyASN1LowS(pub *PublicKey, digest, sig []byte) bool {
	r, s, ok := parseDER(sig)
	return ok && pub.verify(digest, &r, &s, true)
}

// VerifyP1363 reports whether sig, the 64-byte r‖s form, is a valid
// signature of digest by pub; any other length is invalid. High S is
// accepted, as by VerifyASN1. Variable time.
func VerifyP1363(pub *PublicKey, digest, sig []byte) bool {
	if len(sig) != 64 {
		return false
	}
	var r, s [32]byte
	copy(r[:], sig[:32])
	copy(s[:], sig[32:])
	return pub.verify(digest, &r, &s, false)
}

// NormalizeLowS returns sig, a DER signature, with s replaced by n − s if
// s > n/2: the same signature in low-S form, which VerifyASN1LowS accepts.
// A signature that does not parse, or has r or s out of [1, n−1], is an
// error.
func NormalizeLowS(sig []byte) ([]byte, error) {
	r, s, ok := parseDER(sig)
	if !ok {
		return nil, errDER
	}
	var re, se scalarp256.Element
	if _, err := re.SetCanonicalBytes(r[:]); err != nil || re.IsZero() == 1 {
		return nil, errDER
	}
	if _, err := se.SetCanonicalBytes(s[:]); err != nil || se.IsZero() == 1 {
		return nil, errDER
	}
	if isHighS(&s) {
		copy(s[:], se.Negate(&se).Bytes())
	}
	return encodeDER(&r, &s), nil
}
