package hsntor

import (
	"crypto/rand"
	"fmt"
	"io"

	"github.com/curvekit/curvekit/handshake/ntor"
)

// PrivateKey is an introduction point's encryption key pair (b, B): the
// X25519 key KS_hss_ntor whose public half KP_hss_ntor the service
// publishes in its descriptor as the intro point's "enc-key ntor". It is
// ntor's X25519 key pair: the zero value and a nil pointer are not keys
// (Bytes and PublicKey return nil, NewService refuses them).
type PrivateKey = ntor.PrivateKey

// GenerateKey returns a new key pair whose private key is 32 bytes read from
// rand (crypto/rand if rand is nil).
func GenerateKey(rand io.Reader) (*PrivateKey, error) {
	var secret [KeySize]byte
	defer clear(secret[:])
	if _, err := io.ReadFull(randReader(rand), secret[:]); err != nil {
		return nil, fmt.Errorf("hsntor: reading private key: %w", err)
	}
	return NewPrivateKey(secret[:])
}

// NewPrivateKey returns the key pair with the given 32-byte X25519 private
// key (clamped when used, as RFC 7748 specifies).
func NewPrivateKey(secret []byte) (*PrivateKey, error) {
	if len(secret) != KeySize {
		return nil, fmt.Errorf("hsntor: private key is %d bytes, want %d: %w", len(secret), KeySize, ErrInvalidLength)
	}
	return ntor.NewPrivateKey(secret)
}

func randReader(r io.Reader) io.Reader {
	if r == nil {
		return rand.Reader
	}
	return r
}
