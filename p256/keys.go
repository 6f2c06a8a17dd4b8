package p256

import (
	"crypto"
	cryptorand "crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"

	"github.com/curvekit/curvekit/fieldarith/scalarp256"
)

// PublicKey is a P-256 public key: a point other than the identity. The
// zero value is not a valid key: verification with it returns false and
// key agreement an error.
type PublicKey struct {
	p   point    // affine, Z = 1
	enc [65]byte // uncompressed SEC 1; enc[0] == 4 marks a valid key
}

// PrivateKey is a P-256 private key, a scalar d in [1, n−1], with its
// public key d·G. The zero value is not a valid key: signing and key
// agreement with it return errors.
type PrivateKey struct {
	d   scalarp256.Element
	db  [32]byte // d, big-endian
	pub PublicKey
}

var (
	errInvalidKey    = errors.New("p256: invalid private key")
	errInvalidPub    = errors.New("p256: invalid public key")
	errScalarRange   = errors.New("p256: private key not in [1, n−1]")
	errRandExhausted = errors.New("p256: random source gave no valid scalar in 64 attempts")
)

func (pub *PublicKey) valid() bool   { return pub != nil && pub.enc[0] == 4 }
func (priv *PrivateKey) valid() bool { return priv != nil && priv.pub.valid() }

// NewPublicKey decodes a SEC 1 public key, uncompressed (65 bytes, 0x04‖x‖y)
// or compressed (33 bytes, 0x02 or 0x03‖x). It rejects the point at
// infinity, coordinates ≥ p, points off the curve and any other length or
// prefix. Unlike crypto/ecdh, it accepts compressed points (golang/go#52221).
func NewPublicKey(sec1 []byte) (*PublicKey, error) {
	var p point
	if _, err := p.setBytes(sec1); err != nil {
		return nil, err
	}
	return newPublicKey(&p)
}

func newPublicKey(p *point) (*PublicKey, error) {
	x, y, ok := p.affine()
	if ok != 1 {
		return nil, errInfinity
	}
	pub := &PublicKey{}
	pub.enc[0] = 4
	copy(pub.enc[1:33], x.Bytes())
	copy(pub.enc[33:], y.Bytes())
	pub.p.x, pub.p.y = x, y
	pub.p.z.One()
	return pub, nil
}

// Bytes returns the 65-byte uncompressed SEC 1 encoding of pub, as
// crypto/ecdh's PublicKey.Bytes does, or nil for an invalid key.
func (pub *PublicKey) Bytes() []byte {
	if !pub.valid() {
		return nil
	}
	out := pub.enc
	return out[:]
}

// BytesCompressed returns the 33-byte compressed SEC 1 encoding of pub
// (0x02 or 0x03 by the parity of y, then x), or nil for an invalid key.
func (pub *PublicKey) BytesCompressed() []byte {
	if !pub.valid() {
		return nil
	}
	out := make([]byte, 33)
	out[0] = 2 | pub.enc[64]&1
	copy(out[1:], pub.enc[1:33])
	return out
}

// Equal reports whether x is the same P-256 point as pub: a *PublicKey,
// or the equivalent *ecdsa.PublicKey or *ecdh.PublicKey of the standard
// library, so that priv.PublicKey().Equal(priv.Public()) holds. Keys on
// other curves, other types and invalid keys equal nothing.
func (pub *PublicKey) Equal(x crypto.PublicKey) bool {
	q := publicKeyOf(x)
	if !pub.valid() || !q.valid() {
		return false
	}
	return subtle.ConstantTimeCompare(pub.enc[:], q.enc[:]) == 1
}

// NewPrivateKey returns the private key with the 32-byte big-endian scalar
// d, which must be in [1, n−1]; any other length or value is an error.
func NewPrivateKey(d []byte) (*PrivateKey, error) {
	if len(d) != 32 {
		return nil, fmt.Errorf("p256: invalid private key length %d: want 32 bytes", len(d))
	}
	priv := new(PrivateKey)
	if _, err := priv.d.SetCanonicalBytes(d); err != nil {
		return nil, errScalarRange
	}
	if priv.d.IsZero() == 1 {
		return nil, errScalarRange
	}
	copy(priv.db[:], d)
	var p point
	p.scalarBaseMult(&priv.db)
	pub, err := newPublicKey(&p)
	if err != nil {
		return nil, err // unreachable for d in [1, n−1]
	}
	priv.pub = *pub
	return priv, nil
}

// GenerateKey returns a new private key drawn from rand by rejection
// sampling: 32 bytes at a time until they encode a scalar in [1, n−1]
// (each attempt fails with probability about 2^−32).
//
// GenerateKey uses the reader it is given: a deterministic reader gives a
// deterministic key. Go 1.26's crypto/ecdsa and crypto/ecdh ignore a custom
// reader unless GODEBUG=cryptocustomrand=1. A nil reader means
// crypto/rand.Reader, as in every curvekit package and in Go's default
// mode; a failing or short read is an error that wraps the reader's
// (errors.Is finds it; io.ErrUnexpectedEOF for a short reader).
func GenerateKey(rand io.Reader) (*PrivateKey, error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	var b [32]byte
	for range 64 {
		if _, err := io.ReadFull(rand, b[:]); err != nil {
			return nil, fmt.Errorf("p256: reading randomness: %w", err)
		}
		priv, err := NewPrivateKey(b[:])
		if err == nil {
			return priv, nil
		}
	}
	return nil, errRandExhausted
}

// Bytes returns the 32-byte big-endian encoding of d, or nil for an
// invalid key.
func (priv *PrivateKey) Bytes() []byte {
	if !priv.valid() {
		return nil
	}
	out := priv.db
	return out[:]
}

// PublicKey returns the public key d·G, or nil for an invalid key.
func (priv *PrivateKey) PublicKey() *PublicKey {
	if !priv.valid() {
		return nil
	}
	pub := priv.pub
	return &pub
}

// Equal reports whether x is a private key with the same scalar as priv, in
// constant time in the scalars: a *PrivateKey, or the equivalent
// *ecdsa.PrivateKey or *ecdh.PrivateKey of the standard library (an
// *ecdsa.PrivateKey whose public point is not that of its scalar is not
// equal). Keys on other curves, other types and invalid keys equal nothing.
func (priv *PrivateKey) Equal(x crypto.PrivateKey) bool {
	if !priv.valid() {
		return false
	}
	return equalPrivate(priv, x)
}

// ECDH returns the x-coordinate of d·Q, 32 bytes big-endian, the shared
// secret of SEC 1 §3.3.1 as crypto/ecdh computes it. Constant time in d.
// Invalid keys are an error.
func (priv *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	if !priv.valid() {
		return nil, errInvalidKey
	}
	if !remote.valid() {
		return nil, errInvalidPub
	}
	var p point
	p.scalarMult(&priv.db, &remote.p)
	x, _, ok := p.affine()
	if ok != 1 {
		return nil, errInfinity // unreachable: the group has prime order
	}
	return x.Bytes(), nil
}
