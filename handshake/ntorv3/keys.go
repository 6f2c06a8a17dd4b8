package ntorv3

import (
	"crypto/rand"
	"errors"
	"io"

	"github.com/curvekit/curvekit/curve25519"
)

// KeySize is the size in bytes of an X25519 private or public key.
const KeySize = 32

// PrivateKey is an X25519 key pair: a relay's long-term onion key, or an
// ephemeral key for one handshake.
type PrivateKey struct {
	secret [KeySize]byte
	public [KeySize]byte
}

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
		return nil, errors.New("ntorv3: private key must be 32 bytes")
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
	return k, nil
}

// PublicKey returns a copy of the 32-byte public key.
func (k *PrivateKey) PublicKey() []byte {
	out := k.public
	return out[:]
}

// Bytes returns a copy of the 32-byte private key.
func (k *PrivateKey) Bytes() []byte {
	out := k.secret
	return out[:]
}

func randReader(r io.Reader) io.Reader {
	if r == nil {
		return rand.Reader
	}
	return r
}
