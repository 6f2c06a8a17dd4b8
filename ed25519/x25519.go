package ed25519

import (
	"crypto/sha512"
	"errors"
	"fmt"
)

// Conversions between Ed25519 and X25519 keys, through the birational map
// u = (1 + y)/(1 − y), y = (u − 1)/(u + 1) of RFC 7748 §4.1.

// PublicKeyToX25519 returns the X25519 public key (Montgomery u-coordinate)
// of the Ed25519 public key. The key is decoded leniently, as
// [PolicyDefault] decodes it. It returns an error for a wrong length, an
// encoding that is not a curve point, and for the eight small-order points
// (their u-coordinates are useless for X25519 — every shared secret would be
// zero — and the identity has no u at all), as libsodium does.
func PublicKeyToX25519(publicKey PublicKey) ([]byte, error) {
	if len(publicKey) != PublicKeySize {
		return nil, fmt.Errorf("ed25519: bad public key length: %d", len(publicKey))
	}
	var A point
	if _, err := A.SetBytes(publicKey); err != nil {
		return nil, errors.New("ed25519: invalid public key")
	}
	if isSmallOrder(&A) {
		return nil, errors.New("ed25519: public key of small order")
	}
	return A.BytesMontgomery(), nil
}

// SeedToX25519 returns the X25519 private key that matches the Ed25519 key
// of seed: clamp(SHA-512(seed)[:32]), the Ed25519 secret scalar. X25519 with
// it gives the u-coordinate of the Ed25519 public key, so the result pairs
// with [PublicKeyToX25519].
func SeedToX25519(seed []byte) ([]byte, error) {
	if len(seed) != SeedSize {
		return nil, fmt.Errorf("ed25519: bad seed length: %d", len(seed))
	}
	h := sha512.Sum512(seed)
	var a [32]byte
	copy(a[:], h[:32])
	clamp(&a)
	return a[:], nil
}

// PrivateKeyToX25519 is [SeedToX25519] applied to priv's seed.
func PrivateKeyToX25519(priv PrivateKey) ([]byte, error) {
	if len(priv) != PrivateKeySize {
		return nil, fmt.Errorf("ed25519: bad private key length: %d", len(priv))
	}
	return SeedToX25519(priv[:SeedSize])
}

// PublicKeyFromX25519 rebuilds an Ed25519 public key from an X25519 public
// key u and the sign of x (0 or 1), as Tor does to check an
// ntor-onion-key-crosscert: y = (u − 1)/(u + 1), x chosen with that sign.
// u is read as RFC 7748 reads it (top bit ignored, reduced mod p). It
// returns an error when u = −1 (no finite y), when y is not the y of a
// curve point (u on the twist), and when x = 0 but signBit = 1 (that
// encoding is not canonical); C tor emits bytes in those cases without
// checking.
func PublicKeyFromX25519(u []byte, signBit int) (PublicKey, error) {
	if len(u) != 32 {
		return nil, fmt.Errorf("ed25519: bad X25519 public key length: %d", len(u))
	}
	if signBit != 0 && signBit != 1 {
		return nil, fmt.Errorf("ed25519: invalid sign bit %d: want 0 or 1", signBit)
	}
	// Read u as RFC 7748 (and C tor's fe_frombytes) does: drop bit 255,
	// reduce mod p. Only u in [p, 2^255) needs the subtraction.
	var uc [32]byte
	copy(uc[:], u)
	uc[31] &= 0x7f
	reduceModP(&uc)
	var A point
	if _, err := setMontgomery(&A, uc[:], signBit); err != nil {
		return nil, errors.New("ed25519: X25519 public key has no Ed25519 point with that sign")
	}
	enc := A.Bytes()
	if int(enc[31]>>7) != signBit {
		// x = 0 (u = 0): only sign 0 has a canonical encoding.
		return nil, errors.New("ed25519: X25519 public key has no Ed25519 point with that sign")
	}
	return PublicKey(enc), nil
}

// reduceModP maps a 255-bit little-endian u ≥ p = 2^255 − 19 to u − p. Such
// u have bytes 1…30 all 0xff, byte 31 = 0x7f and byte 0 ≥ 0xed; then u − p
// = byte 0 − 0xed. Public data, so the branch is fine.
func reduceModP(u *[32]byte) {
	if u[31] != 0x7f || u[0] < 0xed {
		return
	}
	for i := 1; i < 31; i++ {
		if u[i] != 0xff {
			return
		}
	}
	low := u[0] - 0xed
	*u = [32]byte{low}
}

// torCurveHighString derives the nonce prefix of a key made from a
// curve25519 secret (C tor's ed25519_keypair_from_curve25519_keypair; the
// NUL is included).
const torCurveHighString = "Derive high part of ed25519 key from curve25519 key\x00"

// NewExpandedPrivateKeyFromX25519 makes the Ed25519 key Tor uses to
// cross-certify a curve25519 (ntor) key: a = clamp(secret), RH =
// SHA-512(a ‖ "Derive high part of ed25519 key from curve25519 key" ‖
// 0x00)[:32]. It returns the key and the sign bit of its public key's x,
// which the verifier needs for [PublicKeyFromX25519]. secret is clamped
// first, so any X25519 secret works; for Tor's stored (already clamped)
// secrets the result equals C tor's.
func NewExpandedPrivateKeyFromX25519(secret []byte) (*ExpandedPrivateKey, int, error) {
	if len(secret) != 32 {
		return nil, 0, fmt.Errorf("ed25519: bad X25519 private key length: %d", len(secret))
	}
	e := new(ExpandedPrivateKey)
	copy(e.raw[:], secret)
	clamp(&e.raw)
	if _, err := e.k.s.SetBytesWithClamping(e.raw[:]); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}
	d := sha512.New()
	d.Write(e.raw[:])
	d.Write([]byte(torCurveHighString))
	var sum [64]byte
	d.Sum(sum[:0])
	copy(e.k.prefix[:], sum[:32])
	e.setPublic()
	return e, int(e.k.pub[31] >> 7), nil
}
