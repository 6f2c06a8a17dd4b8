package ed448

import (
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/curve448"
)

// oidEd448 is id-Ed448 (RFC 8410, Section 3).
var oidEd448 = asn1.ObjectIdentifier{1, 3, 101, 113}

type subjectPublicKeyInfo struct {
	Algorithm pkix.AlgorithmIdentifier
	PublicKey asn1.BitString
}

// oneAsymmetricKey is RFC 5958's structure; the attributes and the public
// key of version 2 are not read (encoding/asn1 ignores trailing fields).
type oneAsymmetricKey struct {
	Version    int
	Algorithm  pkix.AlgorithmIdentifier
	PrivateKey []byte
}

// MarshalPKIXPublicKey returns pub as a DER SubjectPublicKeyInfo (RFC 8410),
// the form crypto/x509.MarshalPKIXPublicKey produces for Ed25519 keys and
// that `openssl pkey -pubin` reads. (Not in circl; crypto/x509 has no Ed448.)
func MarshalPKIXPublicKey(pub PublicKey) ([]byte, error) {
	if len(pub) != PublicKeySize {
		return nil, fmt.Errorf("ed448: bad public key length: %d", len(pub))
	}
	return asn1.Marshal(subjectPublicKeyInfo{
		Algorithm: pkix.AlgorithmIdentifier{Algorithm: oidEd448},
		PublicKey: asn1.BitString{Bytes: pub, BitLength: 8 * PublicKeySize},
	})
}

// ParsePKIXPublicKey parses a DER SubjectPublicKeyInfo holding an Ed448 key
// (RFC 8410: algorithm id-Ed448 with absent parameters, 57-byte key). The
// key must decode as a curve point under RFC 8032 §5.2.3, as PolicyDefault
// and PublicKeyToX448 decode it, so a key no verification could accept is
// refused at parsing; small-order points decode and are left to the
// verification policy.
func ParsePKIXPublicKey(der []byte) (PublicKey, error) {
	var spki subjectPublicKeyInfo
	rest, err := asn1.Unmarshal(der, &spki)
	if err != nil {
		return nil, errors.New("ed448: malformed SubjectPublicKeyInfo: " + err.Error())
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("ed448: %d bytes of trailing data after SubjectPublicKeyInfo", len(rest))
	}
	if !spki.Algorithm.Algorithm.Equal(oidEd448) || len(spki.Algorithm.Parameters.FullBytes) != 0 {
		return nil, errors.New("ed448: not an Ed448 public key")
	}
	if spki.PublicKey.BitLength != 8*PublicKeySize || len(spki.PublicKey.Bytes) != PublicKeySize {
		return nil, fmt.Errorf("ed448: bad public key length in SubjectPublicKeyInfo: %d bits", spki.PublicKey.BitLength)
	}
	if _, err := new(curve448.Point).SetCanonicalBytes(spki.PublicKey.Bytes); err != nil {
		return nil, errors.New("ed448: invalid public key: not the encoding of a curve point")
	}
	return PublicKey(append([]byte(nil), spki.PublicKey.Bytes...)), nil
}

// MarshalPKCS8PrivateKey returns priv as a DER PKCS #8 OneAsymmetricKey,
// version 1, holding the seed as RFC 8410's CurvePrivateKey (the form
// `openssl genpkey -algorithm ed448` writes). It checks that the public half
// of priv matches its seed.
func MarshalPKCS8PrivateKey(priv PrivateKey) ([]byte, error) {
	var scratch signingKey
	_, err := cachedKey(priv, &scratch)
	scratch = signingKey{}
	if err != nil {
		return nil, err
	}
	inner, err := asn1.Marshal(priv[:SeedSize])
	if err != nil {
		return nil, err
	}
	return asn1.Marshal(oneAsymmetricKey{
		Algorithm:  pkix.AlgorithmIdentifier{Algorithm: oidEd448},
		PrivateKey: inner,
	})
}

// ParsePKCS8PrivateKey parses a DER PKCS #8 (RFC 5958) private key holding
// an Ed448 seed (RFC 8410) and returns the PrivateKey derived from it.
// Versions 1 and 2 are accepted; the attributes and the public key of
// version 2 are ignored, the public half being recomputed from the seed.
func ParsePKCS8PrivateKey(der []byte) (PrivateKey, error) {
	var k oneAsymmetricKey
	rest, err := asn1.Unmarshal(der, &k)
	if err != nil {
		return nil, errors.New("ed448: malformed PKCS #8 key: " + err.Error())
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("ed448: %d bytes of trailing data after PKCS #8 key", len(rest))
	}
	if k.Version != 0 && k.Version != 1 {
		return nil, errors.New("ed448: unknown PKCS #8 version")
	}
	if !k.Algorithm.Algorithm.Equal(oidEd448) || len(k.Algorithm.Parameters.FullBytes) != 0 {
		return nil, errors.New("ed448: not an Ed448 private key")
	}
	var seed []byte
	rest, err = asn1.Unmarshal(k.PrivateKey, &seed)
	if err != nil || len(rest) != 0 {
		return nil, errors.New("ed448: malformed CurvePrivateKey")
	}
	if len(seed) != SeedSize {
		return nil, fmt.Errorf("ed448: bad seed length: %d", len(seed))
	}
	return NewKeyFromSeed(seed), nil
}
