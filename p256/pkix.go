package p256

import (
	"crypto/subtle"
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"fmt"
)

// PKIX (RFC 5480), PKCS #8 (RFC 5208, RFC 5958) and SEC 1 (RFC 5915)
// encodings of P-256 keys: algorithm id-ecPublicKey with the named curve
// prime256v1 as its parameters. The DER is written and read with
// encoding/asn1, so that the package does not link crypto/x509; the output
// is byte for byte what crypto/x509 writes for the same key.

var (
	// oidPublicKeyEC is id-ecPublicKey (RFC 5480, Section 2.1.1).
	oidPublicKeyEC = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}
	// oidNamedCurveP256 is secp256r1, also named prime256v1 (RFC 5480,
	// Section 2.1.1.1).
	oidNamedCurveP256 = asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}
)

// ecPrivateKeyVersion is the version of RFC 5915's ECPrivateKey, ecPrivkeyVer1.
const ecPrivateKeyVersion = 1

type subjectPublicKeyInfo struct {
	Algorithm pkix.AlgorithmIdentifier
	PublicKey asn1.BitString
}

// privateKeyInfo is PKCS #8's PrivateKeyInfo (RFC 5208) and the first
// fields of RFC 5958's OneAsymmetricKey; the attributes and the public key
// of version 2 are not read (encoding/asn1 ignores trailing fields).
type privateKeyInfo struct {
	Version    int
	Algorithm  pkix.AlgorithmIdentifier
	PrivateKey []byte
}

// ecPrivateKey is RFC 5915's ECPrivateKey.
type ecPrivateKey struct {
	Version       int
	PrivateKey    []byte
	NamedCurveOID asn1.ObjectIdentifier `asn1:"optional,explicit,tag:0"`
	PublicKey     asn1.BitString        `asn1:"optional,explicit,tag:1"`
}

// checkCurve checks that the AlgorithmIdentifier parameters params name
// P-256. An absent curve is refused, a different named curve is named in
// the error, and explicit curve parameters are refused.
func checkCurve(params asn1.RawValue) error {
	if len(params.FullBytes) == 0 {
		return errors.New("p256: no curve in the algorithm parameters")
	}
	var oid asn1.ObjectIdentifier
	rest, err := asn1.Unmarshal(params.FullBytes, &oid)
	if err != nil || len(rest) != 0 {
		return errors.New("p256: curve parameters are not a named curve OID (explicit parameters are not supported)")
	}
	return checkCurveOID(oid)
}

func checkCurveOID(oid asn1.ObjectIdentifier) error {
	if !oid.Equal(oidNamedCurveP256) {
		return fmt.Errorf("p256: key is on curve %v, not P-256 (%v)", oid, oidNamedCurveP256)
	}
	return nil
}

// MarshalPKIXPublicKey returns pub as a DER SubjectPublicKeyInfo (RFC 5480)
// with an uncompressed point, byte for byte what
// crypto/x509.MarshalPKIXPublicKey returns for the equivalent
// *ecdsa.PublicKey or *ecdh.PublicKey. Encode it as PEM with type
// "PUBLIC KEY". It returns an error for a nil or invalid key.
func MarshalPKIXPublicKey(pub *PublicKey) ([]byte, error) {
	if !pub.valid() {
		return nil, errInvalidPub
	}
	return marshalSPKI(pub.enc[:])
}

// MarshalPKIXPublicKeyCompressed is MarshalPKIXPublicKey with the 33-byte
// compressed point of [PublicKey.BytesCompressed], byte for byte what
// `openssl ec -conv_form compressed -pubout` writes. ParsePKIXPublicKey
// reads it, but crypto/x509.ParsePKIXPublicKey does not: give it to peers
// known to accept compressed points.
func MarshalPKIXPublicKeyCompressed(pub *PublicKey) ([]byte, error) {
	if !pub.valid() {
		return nil, errInvalidPub
	}
	return marshalSPKI(pub.BytesCompressed())
}

// marshalSPKI returns the SubjectPublicKeyInfo of the SEC 1 point enc.
func marshalSPKI(enc []byte) ([]byte, error) {
	params, err := asn1.Marshal(oidNamedCurveP256)
	if err != nil {
		return nil, err
	}
	return asn1.Marshal(subjectPublicKeyInfo{
		Algorithm: pkix.AlgorithmIdentifier{
			Algorithm:  oidPublicKeyEC,
			Parameters: asn1.RawValue{FullBytes: params},
		},
		PublicKey: asn1.BitString{Bytes: enc, BitLength: 8 * len(enc)},
	})
}

// ParsePKIXPublicKey parses a DER SubjectPublicKeyInfo (RFC 5480) holding a
// P-256 key: id-ecPublicKey with the named curve prime256v1. The point may
// be uncompressed or compressed, so it reads the output of
// `openssl ec -conv_form compressed -pubout`, which crypto/x509 refuses.
// It returns an error naming the curve for a key on another curve, and an
// error for explicit curve parameters, an invalid point and trailing data.
func ParsePKIXPublicKey(der []byte) (*PublicKey, error) {
	var spki subjectPublicKeyInfo
	rest, err := asn1.Unmarshal(der, &spki)
	if err != nil {
		return nil, errors.New("p256: malformed SubjectPublicKeyInfo: " + err.Error())
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("p256: %d bytes of trailing data after SubjectPublicKeyInfo", len(rest))
	}
	if !spki.Algorithm.Algorithm.Equal(oidPublicKeyEC) {
		return nil, fmt.Errorf("p256: algorithm %v is not id-ecPublicKey (%v)", spki.Algorithm.Algorithm, oidPublicKeyEC)
	}
	if err := checkCurve(spki.Algorithm.Parameters); err != nil {
		return nil, err
	}
	if spki.PublicKey.BitLength != 8*len(spki.PublicKey.Bytes) {
		return nil, errors.New("p256: public key BIT STRING is not a whole number of bytes")
	}
	pub, err := NewPublicKey(spki.PublicKey.Bytes)
	if err != nil {
		return nil, errors.New("p256: invalid public key in SubjectPublicKeyInfo: " + err.Error())
	}
	return pub, nil
}

// marshalECPrivateKey returns RFC 5915's ECPrivateKey for priv, with the
// curve OID if withCurve is set, and always with the public key.
func marshalECPrivateKey(priv *PrivateKey, withCurve bool) ([]byte, error) {
	k := ecPrivateKey{
		Version:    ecPrivateKeyVersion,
		PrivateKey: priv.db[:],
		PublicKey:  asn1.BitString{Bytes: priv.pub.enc[:], BitLength: 8 * len(priv.pub.enc)},
	}
	if withCurve {
		k.NamedCurveOID = oidNamedCurveP256
	}
	return asn1.Marshal(k)
}

// MarshalSEC1PrivateKey returns priv as a DER ECPrivateKey (SEC 1, RFC
// 5915) with the curve OID and the public key, byte for byte what
// crypto/x509.MarshalECPrivateKey returns for the equivalent
// *ecdsa.PrivateKey. Encode it as PEM with type "EC PRIVATE KEY". It
// returns an error for a nil or invalid key.
func MarshalSEC1PrivateKey(priv *PrivateKey) ([]byte, error) {
	if !priv.valid() {
		return nil, errInvalidKey
	}
	return marshalECPrivateKey(priv, true)
}

// ParseSEC1PrivateKey parses a DER ECPrivateKey (SEC 1, RFC 5915), the
// contents of a PEM "EC PRIVATE KEY" block as `openssl ec` and
// crypto/x509.MarshalECPrivateKey write it. The curve OID must be present
// and name P-256; the public key, if present, must match the private
// scalar. It returns an error naming the curve for a key on another curve,
// and an error for a scalar outside [1, n−1] and for trailing data; the
// last two checks, which crypto/x509 skips, refuse a corrupt key file.
func ParseSEC1PrivateKey(der []byte) (*PrivateKey, error) {
	return parseECPrivateKey(der, nil)
}

// parseECPrivateKey parses an ECPrivateKey. curve is the curve named
// outside it (by the PKCS #8 algorithm parameters), or nil; at least one
// of it and the inner curve OID must be present, and they must agree.
func parseECPrivateKey(der []byte, curve asn1.ObjectIdentifier) (*PrivateKey, error) {
	var k ecPrivateKey
	rest, err := asn1.Unmarshal(der, &k)
	if err != nil {
		return nil, errors.New("p256: malformed ECPrivateKey: " + err.Error())
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("p256: %d bytes of trailing data after ECPrivateKey", len(rest))
	}
	if k.Version != ecPrivateKeyVersion {
		return nil, fmt.Errorf("p256: unknown ECPrivateKey version %d", k.Version)
	}
	switch {
	case len(k.NamedCurveOID) != 0:
		if err := checkCurveOID(k.NamedCurveOID); err != nil {
			return nil, err
		}
		if curve != nil && !curve.Equal(k.NamedCurveOID) {
			return nil, errors.New("p256: ECPrivateKey curve differs from the algorithm's")
		}
	case curve == nil:
		return nil, errors.New("p256: no curve in ECPrivateKey")
	}
	// RFC 5915 fixes the length at ⌈log2(n)/8⌉ = 32 bytes; as
	// crypto/x509 does, a shorter scalar (leading zeros dropped by old
	// encoders) is padded on the left. Only its length, not its value,
	// is branched on.
	if len(k.PrivateKey) == 0 || len(k.PrivateKey) > 32 {
		return nil, fmt.Errorf("p256: ECPrivateKey scalar is %d bytes, not 32", len(k.PrivateKey))
	}
	var d [32]byte
	copy(d[32-len(k.PrivateKey):], k.PrivateKey)
	priv, err := NewPrivateKey(d[:])
	clear(d[:])
	if err != nil {
		return nil, err
	}
	if k.PublicKey.BitLength != 0 || len(k.PublicKey.Bytes) != 0 {
		if k.PublicKey.BitLength != 8*len(k.PublicKey.Bytes) {
			return nil, errors.New("p256: ECPrivateKey public key BIT STRING is not a whole number of bytes")
		}
		pub, err := NewPublicKey(k.PublicKey.Bytes)
		if err != nil {
			return nil, errors.New("p256: invalid public key in ECPrivateKey: " + err.Error())
		}
		if subtle.ConstantTimeCompare(pub.enc[:], priv.pub.enc[:]) != 1 {
			return nil, errors.New("p256: ECPrivateKey public key does not match the private key")
		}
	}
	return priv, nil
}

// MarshalPKCS8PrivateKey returns priv as a DER PKCS #8 PrivateKeyInfo
// (version 0, id-ecPublicKey with prime256v1, an ECPrivateKey holding the
// scalar and the public key but not the curve), byte for byte what
// crypto/x509.MarshalPKCS8PrivateKey returns for the equivalent
// *ecdsa.PrivateKey or *ecdh.PrivateKey. Encode it as PEM with type
// "PRIVATE KEY". It returns an error for a nil or invalid key.
func MarshalPKCS8PrivateKey(priv *PrivateKey) ([]byte, error) {
	if !priv.valid() {
		return nil, errInvalidKey
	}
	inner, err := marshalECPrivateKey(priv, false)
	if err != nil {
		return nil, err
	}
	params, err := asn1.Marshal(oidNamedCurveP256)
	if err != nil {
		return nil, err
	}
	return asn1.Marshal(privateKeyInfo{
		Algorithm: pkix.AlgorithmIdentifier{
			Algorithm:  oidPublicKeyEC,
			Parameters: asn1.RawValue{FullBytes: params},
		},
		PrivateKey: inner,
	})
}

// ParsePKCS8PrivateKey parses a DER PKCS #8 private key (RFC 5208, or RFC
// 5958 versions 1 and 2) holding a P-256 key: id-ecPublicKey with the named
// curve prime256v1, as `openssl genpkey -algorithm EC` and
// crypto/x509.MarshalPKCS8PrivateKey write it. The inner ECPrivateKey's
// curve, if present, must agree, and its public key, if present, must match
// the scalar; the attributes and the outer public key of version 2 are not
// read. It returns an error naming the curve for a key on another curve,
// and an error for a scalar outside [1, n−1], for trailing data and for a
// version other than 0 or 1, which crypto/x509 lets through.
func ParsePKCS8PrivateKey(der []byte) (*PrivateKey, error) {
	var k privateKeyInfo
	rest, err := asn1.Unmarshal(der, &k)
	if err != nil {
		return nil, errors.New("p256: malformed PKCS #8 key: " + err.Error())
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("p256: %d bytes of trailing data after PKCS #8 key", len(rest))
	}
	if k.Version != 0 && k.Version != 1 {
		return nil, fmt.Errorf("p256: unknown PKCS #8 version %d", k.Version)
	}
	if !k.Algorithm.Algorithm.Equal(oidPublicKeyEC) {
		return nil, fmt.Errorf("p256: algorithm %v is not id-ecPublicKey (%v)", k.Algorithm.Algorithm, oidPublicKeyEC)
	}
	if err := checkCurve(k.Algorithm.Parameters); err != nil {
		return nil, err
	}
	return parseECPrivateKey(k.PrivateKey, oidNamedCurveP256)
}
