package ed448

import (
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/curve448"
)

// Conversions from Ed448 keys to X448 keys, through the 4-isogeny u = y²/x²
// of RFC 7748 §4.2 (curve448.Point.BytesMontgomery), which maps the Ed448
// basepoint to the X448 basepoint u = 5.

// PublicKeyToX448 returns the X448 public key (56-byte Montgomery
// u-coordinate) of the Ed448 public key: u(φ(A)). The key is decoded as
// PolicyDefault decodes it. It returns an error for a wrong length, an
// encoding that is not a curve point, and the four small-order points
// (φ sends them to u = 0, useless for X448).
func PublicKeyToX448(publicKey PublicKey) ([]byte, error) {
	if len(publicKey) != PublicKeySize {
		return nil, fmt.Errorf("ed448: bad public key length: %d", len(publicKey))
	}
	var A curve448.Point
	if _, err := A.SetCanonicalBytes(publicKey); err != nil {
		return nil, errors.New("ed448: invalid public key")
	}
	if A.IsSmallOrder() == 1 {
		return nil, errors.New("ed448: public key of small order")
	}
	return A.BytesMontgomery(), nil
}

// SeedToX448 returns the X448 private key that matches the Ed448 key of
// seed: the first 56 bytes of SHAKE256(seed, 114), clamped. Ed448's clamping
// of those bytes (RFC 8032 §5.2.5) is X448's (RFC 7748 §5), and φ([s]B) =
// [s]·(u = 5), so X448 with this key gives PublicKeyToX448 of the Ed448
// public key.
func SeedToX448(seed []byte) ([]byte, error) {
	if len(seed) != SeedSize {
		return nil, fmt.Errorf("ed448: bad seed length: %d", len(seed))
	}
	var h [114]byte
	shake256(h[:], seed)
	k := make([]byte, 56)
	copy(k, h[:56])
	k[0] &= 252
	k[55] |= 128
	return k, nil
}

// PrivateKeyToX448 is SeedToX448 applied to priv's seed.
func PrivateKeyToX448(priv PrivateKey) ([]byte, error) {
	if len(priv) != PrivateKeySize {
		return nil, fmt.Errorf("ed448: bad private key length: %d", len(priv))
	}
	return SeedToX448(priv[:SeedSize])
}
