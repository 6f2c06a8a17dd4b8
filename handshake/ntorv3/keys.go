package ntorv3

import (
	"io"

	"github.com/curvekit/curvekit/handshake/ntor"
)

// KeySize is the size in bytes of an X25519 private or public key.
const KeySize = ntor.KeySize

// PrivateKey is an X25519 key pair: a relay's long-term onion key, or an
// ephemeral key for one handshake. It is ntor's type: Tor relays answer both
// handshakes with the same ntor onion key.
type PrivateKey = ntor.PrivateKey

// GenerateKey returns a new key pair whose private key is 32 bytes read from
// rand (crypto/rand if rand is nil).
func GenerateKey(rand io.Reader) (*PrivateKey, error) { return ntor.GenerateKey(rand) }

// NewPrivateKey returns the key pair with the given 32-byte X25519 private
// key (clamped when used, as RFC 7748 specifies).
func NewPrivateKey(secret []byte) (*PrivateKey, error) { return ntor.NewPrivateKey(secret) }
