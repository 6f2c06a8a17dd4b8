package hsntor

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"io"

	"github.com/curvekit/curvekit/curve25519"
)

// PrivateKey is an introduction point's encryption key pair (b, B): the
// X25519 key KS_hss_ntor whose public half KP_hss_ntor the service
// publishes in its descriptor as the intro point's "enc-key ntor". Make one
// with [GenerateKey] or [NewPrivateKey]: the zero value and a nil pointer
// are not keys (Bytes and PublicKey return nil, NewService refuses them).
type PrivateKey struct {
	secret [KeySize]byte
	public [KeySize]byte
	ok     bool
}

// GenerateKey returns a new key pair whose private key is 32 bytes read from
// rand (crypto/rand if rand is nil).
func GenerateKey(rand io.Reader) (*PrivateKey, error) {
	var secret [KeySize]byte
	if _, err := io.ReadFull(randReader(rand), secret[:]); err != nil {
		return nil, fmt.Errorf("hsntor: reading private key: %w", err)
	}
	k, err := NewPrivateKey(secret[:])
	clear(secret[:])
	return k, err
}

// NewPrivateKey returns the key pair with the given 32-byte X25519 private
// key (clamped when used, as RFC 7748 specifies).
func NewPrivateKey(secret []byte) (*PrivateKey, error) {
	if len(secret) != KeySize {
		return nil, fmt.Errorf("hsntor: private key is %d bytes, want %d: %w", len(secret), KeySize, ErrInvalidLength)
	}
	k := new(PrivateKey)
	copy(k.secret[:], secret)
	pub, err := curve25519.X25519(k.secret[:], curve25519.Basepoint)
	if err != nil {
		// Unreachable: a clamped scalar times the basepoint is never zero.
		return nil, fmt.Errorf("hsntor: deriving public key: %w", ErrInvalidPoint)
	}
	copy(k.public[:], pub)
	k.ok = true
	return k, nil
}

func (k *PrivateKey) valid() bool { return k != nil && k.ok }

// PublicKey returns a copy of the 32-byte public key B (nil if k was not
// made by GenerateKey or NewPrivateKey).
func (k *PrivateKey) PublicKey() []byte {
	if !k.valid() {
		return nil
	}
	return append([]byte(nil), k.public[:]...)
}

// Bytes returns a copy of the 32-byte private key (nil if k was not made by
// GenerateKey or NewPrivateKey).
func (k *PrivateKey) Bytes() []byte {
	if !k.valid() {
		return nil
	}
	return append([]byte(nil), k.secret[:]...)
}

// Equal reports whether x is a *PrivateKey holding the same private key, in
// constant time. Keys not made by the constructors equal nothing.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok || !k.valid() || !o.valid() {
		return false
	}
	return subtle.ConstantTimeCompare(k.secret[:], o.secret[:]) == 1
}

func randReader(r io.Reader) io.Reader {
	if r == nil {
		return rand.Reader
	}
	return r
}
