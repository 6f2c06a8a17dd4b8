package ntor

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"fmt"
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
		return nil, fmt.Errorf("ntor: reading randomness: %w", err)
	}
	k, err := NewPrivateKey(secret[:])
	clear(secret[:])
	return k, err
}

// NewPrivateKey returns the key pair with the given 32-byte X25519 private
// key (clamped when used, as RFC 7748 specifies).
func NewPrivateKey(secret []byte) (*PrivateKey, error) {
	if len(secret) != KeySize {
		return nil, fmt.Errorf("ntor: private key is %d bytes, want %d: %w", len(secret), KeySize, ErrInvalidLength)
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

// erase zeroes the private key of k (best effort, as Go allows).
func (k *PrivateKey) erase() {
	clear(k.secret[:])
	k.ok = false
}

// Bytes returns a copy of the 32-byte private key (nil if k is not Valid).
func (k *PrivateKey) Bytes() []byte {
	if !k.Valid() {
		return nil
	}
	out := k.secret
	return out[:]
}

// Equal reports, in constant time, whether k and x hold the same private
// key. It is false if x is not a *PrivateKey or either key is not Valid.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok || !k.Valid() || !xx.Valid() {
		return false
	}
	return subtle.ConstantTimeCompare(k.secret[:], xx.secret[:]) == 1
}

// isLowOrder reports whether the X25519 public key u is a point of order
// dividing 8 on Curve25519 or its twist: every X25519 with it is all zero.
// With bit 255 ignored, as X25519 ignores it, these are u = 0, 1, p - 1,
// the two u of order 8, and the non-canonical p and p + 1 (RFC 7748 §6.1).
// It runs in variable time: public keys are public.
func isLowOrder(u []byte) bool {
	var k [KeySize]byte
	copy(k[:], u)
	k[KeySize-1] &= 0x7f
	for i := range lowOrderKeys {
		if k == lowOrderKeys[i] {
			return true
		}
	}
	return false
}

// lowOrderKeys are the seven little-endian encodings (bit 255 clear) of
// the X25519 public keys of order dividing 8; isLowOrder compares against
// them.
var lowOrderKeys = [...][KeySize]byte{
	{0},
	{1},
	// 325606250916557431795983626356110631294008115727848805560023387167927233504 (order 8)
	{0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
		0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00},
	// 39382357235489614581723060781553021112529911719440698176882885853963445705823 (order 8)
	{0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
		0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57},
	// p - 1, p and p + 1
	{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
	{0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
	{0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
}

func randReader(r io.Reader) io.Reader {
	if r == nil {
		return rand.Reader
	}
	return r
}
