package p256

import (
	"bytes"
	"crypto"
	"io"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/internal/ecdsa"
)

// ecdsaParams are P-256's constants and errors for internal/ecdsa.
var ecdsaParams = ecdsa.NewParams("p256", 32, halfOrder[:])

var errHashUnavail = ecdsaParams.ErrHashUnavail

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

// curveOps is P-256's arithmetic for internal/ecdsa: scalars mod n and
// the group's multiplications.
type curveOps struct{}

func (curveOps) Canonical(b ecdsa.Int) (scalarp256.Element, bool) {
	var e scalarp256.Element
	_, err := e.SetCanonicalBytes(b[:32])
	return e, err == nil
}

func (curveOps) Reduce(b ecdsa.Int) scalarp256.Element {
	var e scalarp256.Element
	e.SetReducedBytes(b[:32])
	return e
}

func (curveOps) Encode(s scalarp256.Element) ecdsa.Int {
	var b ecdsa.Int
	copy(b[:], s.Bytes())
	return b
}

func (curveOps) IsZero(s scalarp256.Element) bool { return s.IsZero() == 1 }

func (curveOps) Multiply(a, b scalarp256.Element) scalarp256.Element {
	return *a.Multiply(&a, &b)
}

func (curveOps) MultiplyAdd(a, b, c scalarp256.Element) scalarp256.Element {
	return *a.MultiplyAdd(&a, &b, &c)
}

func (curveOps) Invert(a scalarp256.Element) scalarp256.Element { return *a.Invert(&a) }
func (curveOps) Negate(a scalarp256.Element) scalarp256.Element { return *a.Negate(&a) }

// BaseMultX returns x(k·G), big-endian.
func (curveOps) BaseMultX(k ecdsa.Int) ecdsa.Int {
	var R point
	R.scalarBaseMult((*[32]byte)(k[:32]))
	x, _, _ := R.affine()
	var b ecdsa.Int
	copy(b[:], x.Bytes())
	return b
}

// VarTimeCheckX reports whether R = u1·G + u2·q is not the identity and
// x(R) mod n = r, checked projectively: X = r·Z, or X = (r + n)·Z when
// r + n < p.
func (curveOps) VarTimeCheckX(q point, u1, u2, r ecdsa.Int) bool {
	var R point
	R.varTimeDoubleScalarBaseMult((*[32]byte)(u1[:32]), (*[32]byte)(u2[:32]), &q)
	if R.isIdentity() == 1 {
		return false
	}
	var rf, t fieldp256.Element
	rf.SetCanonicalBytes(r[:32]) // r < n < p
	if t.Multiply(&rf, &R.z).Equal(&R.x) == 1 {
		return true
	}
	if bytes.Compare(r[:32], pMinusN[:]) < 0 {
		rf.Add(&rf, nField)
		return t.Multiply(&rf, &R.z).Equal(&R.x) == 1
	}
	return false
}

// sign is internal/ecdsa's Sign with the key's scalar.
func (priv *PrivateKey) sign(h crypto.Hash, digest, extra []byte) (r, s ecdsa.Int, err error) {
	return ecdsa.Sign[scalarp256.Element, point](ecdsaParams, curveOps{}, h, priv.d, priv.db[:], digest, extra)
}

// signHedged is internal/ecdsa's SignHedged (32 bytes from rand mixed into
// the RFC 6979 derivation, HMAC-SHA-256) with the key's scalar.
func (priv *PrivateKey) signHedged(rand io.Reader, digest []byte) (r, s ecdsa.Int, err error) {
	if !priv.valid() {
		return r, s, errInvalidKey
	}
	return ecdsa.SignHedged[scalarp256.Element, point](ecdsaParams, curveOps{}, rand, priv.d, priv.db[:], digest)
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
	return ecdsaParams.EncodeDER(&r, &s), nil
}

// SignP1363 is SignASN1 with the signature as the 64-byte IEEE P1363 form
// r‖s, each 32 bytes big-endian (as WebCrypto, JOSE and PKCS#11 use).
func SignP1363(rand io.Reader, priv *PrivateKey, digest []byte) ([]byte, error) {
	r, s, err := priv.signHedged(rand, digest)
	if err != nil {
		return nil, err
	}
	return ecdsaParams.EncodeP1363(&r, &s), nil
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
	h, err := ecdsaParams.SignerHash(opts, len(digest))
	if err != nil {
		return nil, err
	}
	r, s, err := priv.sign(h, digest, nil)
	if err != nil {
		return nil, err
	}
	return ecdsaParams.EncodeDER(&r, &s), nil
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
	return ecdsaParams.EncodeDER(&r, &s), nil
}

// verify checks (r, s), each 32 bytes big-endian, on digest
// (internal/ecdsa's Verify). Variable time: every input is public.
func (pub *PublicKey) verify(digest []byte, r, s *ecdsa.Int, lowS bool) bool {
	if !pub.valid() {
		return false
	}
	return ecdsa.Verify[scalarp256.Element](ecdsaParams, curveOps{}, pub.p, digest, r, s, lowS)
}

// halfOrder is ⌊n/2⌋, big-endian.
var halfOrder = [32]byte{
	0x7f, 0xff, 0xff, 0xff, 0x80, 0x00, 0x00, 0x00, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xde, 0x73, 0x7d, 0x56, 0xd3, 0x8b, 0xcf, 0x42, 0x79, 0xdc, 0xe5, 0x61, 0x7e, 0x31, 0x92, 0xa8,
}

func isHighS(s *[32]byte) bool {
	var si ecdsa.Int
	copy(si[:], s[:])
	return ecdsaParams.IsHighS(&si)
}

// VerifyASN1 reports whether sig, a DER SEQUENCE { r, s }, is a valid
// signature of digest by pub. The DER is parsed exactly as crypto/ecdsa
// parses it (minimal, positive INTEGERs, definite minimal lengths, no
// trailing data); r and s must be in [1, n−1]. Like crypto/ecdsa it
// accepts both s and n − s (see VerifyASN1LowS). Variable time: the
// inputs are public. Invalid keys verify nothing.
func VerifyASN1(pub *PublicKey, digest, sig []byte) bool {
	r, s, ok := ecdsaParams.ParseDER(sig)
	return ok && pub.verify(digest, &r, &s, false)
}

// VerifyASN1LowS is VerifyASN1 that also rejects s > n/2, for protocols
// that require the low-S form to stop signature malleability (Bitcoin's
// BIP 62/146, Cosmos). NormalizeLowS converts signatures to that form.
func VerifyASN1LowS(pub *PublicKey, digest, sig []byte) bool {
	r, s, ok := ecdsaParams.ParseDER(sig)
	return ok && pub.verify(digest, &r, &s, true)
}

// VerifyP1363 reports whether sig, the 64-byte r‖s form, is a valid
// signature of digest by pub; any other length is invalid. High S is
// accepted, as by VerifyASN1. Variable time.
func VerifyP1363(pub *PublicKey, digest, sig []byte) bool {
	r, s, ok := ecdsaParams.ParseP1363(sig)
	return ok && pub.verify(digest, &r, &s, false)
}

// NormalizeLowS returns sig, a DER signature, with s replaced by n − s if
// s > n/2: the same signature in low-S form, which VerifyASN1LowS accepts.
// A signature that does not parse, or has r or s out of [1, n−1], is an
// error.
func NormalizeLowS(sig []byte) ([]byte, error) {
	return ecdsa.NormalizeLowS[scalarp256.Element, point](ecdsaParams, curveOps{}, sig)
}
