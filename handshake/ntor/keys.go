package ntor

import (
	"crypto/rand"
	"errors"
	"io"

	"github.com/curvekit/curvekit/curve25519"
)

// KeySize is the size in bytes of an X25519 private or public key.
const KeySize = 32

// PrivateKey is an X25519 key pair: a relay's long-term onion key, or an
// ephemeral key for one handshake. Make one with [GenerateKey] or
// [NewPrivateKey]: the zero value and a nil pointer are not keys (Bytes and
// PublicKey return nil, and the handshakes refuse them).
type PrivateKey struct {
	secret [KeySize]byte
	public [KeySize]byte
	ok     bool // set by NewPrivateKey
}

// Valid reports whether k is a key pair made by GenerateKey or
// NewPrivateKey: false for nil and for the zero PrivateKey.
func (k *PrivateKey) Valid() bool { return k != nil && k.ok }

// GenerateKey returns a new key pair whose private key is 32 bytes read from
// rand (crypto/rand if rand is nil).
func GenerateKey(rand io.Reader) (*PrivateKey, error) {
	var secret [KeySize]byte
	if _, err := io.ReadFull(randReader(rand), secret[:]); err != nil {
		return nil, err
	}
	return NewPrivateKey(secret[:])
}

// NewPrivateKey returns the key pair with the given 32-byte X25519 private
// key (clamped when used, as RFC 7748 specifies).
func NewPrivateKey(secret []byte) (*PrivateKey, error) {
	if len(secret) != KeySize {
		return nil, errors.New("ntor: private key must be 32 bytes")
	}
	k := new(PrivateKey)
	copy(k.secret[:], secret)
	// The fixed-base path of X25519 (precomputed tables).
	pub, err := curve25519.X25519(k.secret[:], curve25519.Basepoint)
	if err != nil {
		// Unreachable: a clamped scalar times the basepoint is never zero.
		return nil, err
	}
	copy(k.public[:], pub)
	k.ok = true
	return k, nil
}

// PublicKey returns a copy of the 32-byte public key (nil if k is not
// Valid).
func (k *PrivateKey) PublicKey() []byte {
	if !k.Valid() {
		return nil
	}
	out := k.public
	return out[:]
}

// Bytes returns a copy of the 32-byte private key (nil if k is not Valid).
func (k *PrivateKey) Bytes() []byte {
	if !k.Valid() {
		return nil
	}
	out := k.secret
	return out[:]
}

func randReader(r io.Reader) io.Reader {
	if r == nil {
		return rand.Reader
	}
	return r
}
