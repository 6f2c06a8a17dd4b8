package p256

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
)

//lint:file-ignore SA1019 ecdsa's X, Y and D are the representation these conversions read and write, for keys built by callers' own code.

// The conversions go through math/big, the representation of
// crypto/ecdsa's key fields, which is not constant time: convert a key
// once, not per operation.

var (
	errWrongCurve = errors.New("p256: key is not on P-256")
	errMismatch   = errors.New("p256: ecdsa.PrivateKey's public key does not match D")
	errNilKey     = errors.New("p256: nil key")
	errNilCoord   = errors.New("p256: ecdsa key has a nil coordinate")
	errNilD       = errors.New("p256: ecdsa.PrivateKey has a nil D")
)

// ToECDSA returns pub as an *ecdsa.PublicKey on elliptic.P256().
func (pub *PublicKey) ToECDSA() (*ecdsa.PublicKey, error) {
	if !pub.valid() {
		return nil, errInvalidPub
	}
	return &ecdsa.PublicKey{
		Curve: elliptic.P256(),
		X:     new(big.Int).SetBytes(pub.enc[1:33]),
		Y:     new(big.Int).SetBytes(pub.enc[33:]),
	}, nil
}

// ToECDH returns pub as a crypto/ecdh P-256 public key.
func (pub *PublicKey) ToECDH() (*ecdh.PublicKey, error) {
	if !pub.valid() {
		return nil, errInvalidPub
	}
	return ecdh.P256().NewPublicKey(pub.enc[:])
}

// ToECDSA returns priv as an *ecdsa.PrivateKey on elliptic.P256().
func (priv *PrivateKey) ToECDSA() (*ecdsa.PrivateKey, error) {
	if !priv.valid() {
		return nil, errInvalidKey
	}
	pub, _ := priv.pub.ToECDSA()
	return &ecdsa.PrivateKey{PublicKey: *pub, D: new(big.Int).SetBytes(priv.db[:])}, nil
}

// ToECDH returns priv as a crypto/ecdh P-256 private key.
func (priv *PrivateKey) ToECDH() (*ecdh.PrivateKey, error) {
	if !priv.valid() {
		return nil, errInvalidKey
	}
	return ecdh.P256().NewPrivateKey(priv.db[:])
}

func isP256(c elliptic.Curve) bool {
	return c != nil && c.Params() == elliptic.P256().Params()
}

// wrongCurve is the error for a crypto/ecdsa key on curve c, not P-256.
func wrongCurve(c elliptic.Curve) error {
	if c == nil || c.Params() == nil {
		return wrongCurveError("")
	}
	return wrongCurveError(c.Params().Name)
}

// ecdhWrongCurve is the error for a crypto/ecdh key on curve c, not P-256
// (c is nil for a zero-value key).
func ecdhWrongCurve(c ecdh.Curve) error {
	if c == nil {
		return wrongCurveError("")
	}
	return wrongCurveError(fmt.Sprint(c))
}

// wrongCurveError names the curve a key is on instead of P-256; errors.Is
// matches it to errWrongCurve.
type wrongCurveError string

func (e wrongCurveError) Error() string {
	if e == "" {
		return "p256: key has no curve"
	}
	return "p256: key is on " + string(e) + ", not P-256"
}

func (e wrongCurveError) Is(target error) bool { return target == errWrongCurve }

// FromECDSAPublicKey converts a crypto/ecdsa P-256 public key, checking
// that it is a valid point.
func FromECDSAPublicKey(k *ecdsa.PublicKey) (*PublicKey, error) {
	switch {
	case k == nil:
		return nil, errNilKey
	case !isP256(k.Curve):
		return nil, wrongCurve(k.Curve)
	case k.X == nil || k.Y == nil:
		return nil, errNilCoord
	}
	if k.X.Sign() < 0 || k.Y.Sign() < 0 || k.X.BitLen() > 256 || k.Y.BitLen() > 256 {
		return nil, errCoordinate
	}
	var b [65]byte
	b[0] = 4
	k.X.FillBytes(b[1:33])
	k.Y.FillBytes(b[33:])
	return NewPublicKey(b[:])
}

// FromECDSA converts a crypto/ecdsa P-256 private key. D must be in
// [1, n−1]; if the key carries a public point, it must be D·G.
func FromECDSA(k *ecdsa.PrivateKey) (*PrivateKey, error) {
	switch {
	case k == nil:
		return nil, errNilKey
	case !isP256(k.Curve):
		return nil, wrongCurve(k.Curve)
	case k.D == nil:
		return nil, errNilD
	}
	if k.D.Sign() <= 0 || k.D.BitLen() > 256 {
		return nil, errScalarRange
	}
	var d [32]byte
	k.D.FillBytes(d[:])
	priv, err := NewPrivateKey(d[:])
	if err != nil {
		return nil, err
	}
	if k.X != nil || k.Y != nil {
		pub, err := FromECDSAPublicKey(&k.PublicKey)
		if err != nil || !pub.Equal(&priv.pub) {
			return nil, errMismatch
		}
	}
	return priv, nil
}

// FromECDHPublicKey converts a crypto/ecdh P-256 public key.
func FromECDHPublicKey(k *ecdh.PublicKey) (*PublicKey, error) {
	if k == nil {
		return nil, errNilKey
	}
	if k.Curve() != ecdh.P256() {
		return nil, ecdhWrongCurve(k.Curve())
	}
	return NewPublicKey(k.Bytes())
}

// FromECDH converts a crypto/ecdh P-256 private key.
func FromECDH(k *ecdh.PrivateKey) (*PrivateKey, error) {
	if k == nil {
		return nil, errNilKey
	}
	if k.Curve() != ecdh.P256() {
		return nil, ecdhWrongCurve(k.Curve())
	}
	return NewPrivateKey(k.Bytes())
}

// publicKeyOf returns x as a *PublicKey if it is one, or converts an
// *ecdsa.PublicKey or *ecdh.PublicKey on P-256; otherwise it returns nil.
func publicKeyOf(x crypto.PublicKey) *PublicKey {
	var q *PublicKey
	switch k := x.(type) {
	case *PublicKey:
		q = k
	case *ecdsa.PublicKey:
		q, _ = FromECDSAPublicKey(k)
	case *ecdh.PublicKey:
		q, _ = FromECDHPublicKey(k)
	}
	return q
}

// equalPrivate reports whether x holds the scalar of the valid key priv.
// The comparison of the scalars is constant time; for an *ecdsa.PrivateKey,
// D is read with math/big's FillBytes into 32 bytes after a check of its
// bit length, as crypto/ecdsa's own Equal reads it.
func equalPrivate(priv *PrivateKey, x crypto.PrivateKey) bool {
	var d [32]byte
	defer clear(d[:])
	switch k := x.(type) {
	case *PrivateKey:
		if !k.valid() {
			return false
		}
		d = k.db
	case *ecdh.PrivateKey:
		if k == nil || k.Curve() != ecdh.P256() {
			return false
		}
		b := k.Bytes()
		defer clear(b)
		if len(b) != 32 {
			return false
		}
		copy(d[:], b)
	case *ecdsa.PrivateKey:
		if k == nil || !isP256(k.Curve) || k.D == nil || k.D.Sign() < 0 || k.D.BitLen() > 256 {
			return false
		}
		if k.X != nil || k.Y != nil {
			pub, err := FromECDSAPublicKey(&k.PublicKey)
			if err != nil || !pub.Equal(&priv.pub) {
				return false
			}
		}
		k.D.FillBytes(d[:])
	default:
		return false
	}
	return subtle.ConstantTimeCompare(priv.db[:], d[:]) == 1
}
