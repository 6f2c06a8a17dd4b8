package ntor

import (
	"crypto/sha256"
	"errors"

	"github.com/curvekit/curvekit/internal/hmacsha256"
)

// MaxKeyMaterial is the most key material one handshake yields: RFC 5869
// limits HKDF-SHA256 output to 255 blocks of 32 bytes.
const MaxKeyMaterial = 255 * sha256.Size

var errNoKeyMaterial = errors.New("ntor: nil or uninitialized KeyMaterial")

var errKeyMaterialExhausted = errors.New("ntor: key material exhausted (8160 bytes)")

// mExpandInfo is m_expand as the HKDF info, which the Expander keeps.
var mExpandInfo = []byte(mExpand)

// KeyMaterial is the key stream a successful handshake yields: the output of
// HKDF-SHA256 with IKM = secret_input, salt = t_key and info = m_expand
// (tor-spec §5.2.2). Both sides read the same bytes in the same order.
// Only a handshake makes one: the zero KeyMaterial and a nil pointer return
// an error from Read and Bytes.
type KeyMaterial struct {
	ok bool // set by newKeyMaterial
	// exp streams HKDF-Expand with PRK KEY_SEED = HKDF-Extract(t_key,
	// secret_input).
	exp  hmacsha256.Expander
	left int // bytes not yet returned, out of MaxKeyMaterial
}

func newKeyMaterial(keySeed []byte) *KeyMaterial {
	return &KeyMaterial{ok: true, exp: hmacsha256.NewExpander(keySeed, mExpandInfo), left: MaxKeyMaterial}
}

// Read fills p with the next len(p) bytes of key material. It returns an
// error, with n < len(p), only once the 8160-byte HKDF limit is reached
// (or if k was not made by a handshake).
func (k *KeyMaterial) Read(p []byte) (n int, err error) {
	if k == nil || !k.ok {
		return 0, errNoKeyMaterial
	}
	n, err = k.exp.Read(p)
	k.left -= n
	if err != nil {
		return n, errKeyMaterialExhausted
	}
	return n, nil
}

// Bytes returns the next n bytes of key material. If fewer than n bytes
// remain it returns an error and consumes nothing.
func (k *KeyMaterial) Bytes(n int) ([]byte, error) {
	if k == nil || !k.ok {
		return nil, errNoKeyMaterial
	}
	if n < 0 || n > k.left {
		return nil, errKeyMaterialExhausted
	}
	out := make([]byte, n)
	if _, err := k.Read(out); err != nil {
		return nil, err
	}
	return out, nil
}
