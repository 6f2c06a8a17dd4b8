package ntor

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"hash"
)

// MaxKeyMaterial is the most key material one handshake yields: RFC 5869
// limits HKDF-SHA256 output to 255 blocks of 32 bytes.
const MaxKeyMaterial = 255 * sha256.Size

var errKeyMaterialExhausted = errors.New("ntor: key material exhausted (8160 bytes)")

// KeyMaterial is the key stream a successful handshake yields: the output of
// HKDF-SHA256 with IKM = secret_input, salt = t_key and info = m_expand
// (tor-spec §5.2.2). Both sides read the same bytes in the same order.
type KeyMaterial struct {
	mac   hash.Hash // HMAC keyed with KEY_SEED = HKDF-Extract(t_key, secret_input)
	block [sha256.Size]byte
	used  int  // bytes of block already returned
	ctr   byte // counter of the block in block; 0 before the first
	left  int  // bytes not yet returned, out of MaxKeyMaterial
}

func newKeyMaterial(keySeed []byte) *KeyMaterial {
	return &KeyMaterial{mac: hmac.New(sha256.New, keySeed), used: sha256.Size, left: MaxKeyMaterial}
}

// Read fills p with the next len(p) bytes of key material. It returns an
// error, with n < len(p), only once the 8160-byte HKDF limit is reached.
func (k *KeyMaterial) Read(p []byte) (n int, err error) {
	for n < len(p) {
		if k.used == len(k.block) {
			if k.ctr == 255 {
				return n, errKeyMaterialExhausted
			}
			// RFC 5869 §2.3: T(i) = HMAC(PRK, T(i-1) ‖ info ‖ i), T(0) empty.
			k.mac.Reset()
			if k.ctr > 0 {
				k.mac.Write(k.block[:])
			}
			k.mac.Write([]byte(mExpand))
			k.ctr++
			k.mac.Write([]byte{k.ctr})
			k.mac.Sum(k.block[:0])
			k.used = 0
		}
		c := copy(p[n:], k.block[k.used:])
		k.used += c
		k.left -= c
		n += c
	}
	return n, nil
}

// Bytes returns the next n bytes of key material. If fewer than n bytes
// remain it returns an error and consumes nothing.
func (k *KeyMaterial) Bytes(n int) ([]byte, error) {
	if n < 0 || n > k.left {
		return nil, errKeyMaterialExhausted
	}
	out := make([]byte, n)
	if _, err := k.Read(out); err != nil {
		return nil, err
	}
	return out, nil
}
