package ed25519

import (
	"bytes"
	"errors"
	"fmt"
)

// PKCS #8 (RFC 5208, RFC 5958) encodings of Ed25519 private keys, RFC 8410
// section 7. crypto/x509 only knows crypto/ed25519.PrivateKey, so these
// take and return this package's [PrivateKey]; public keys need no helper,
// as [PublicKey] is crypto/ed25519's type and crypto/x509's
// MarshalPKIXPublicKey and ParsePKIXPublicKey take and return it.
//
// The DER is written and read here rather than through crypto/x509, so that
// the package does not link crypto/x509 (and with it most of crypto/...)
// into every program that signs.

// pkcs8Prefix is the DER of a version-0 PrivateKeyInfo for id-Ed25519
// (OID 1.3.101.112, no parameters) up to the 32-byte CurvePrivateKey.
var pkcs8Prefix = []byte{
	0x30, 0x2e, // SEQUENCE, 46 bytes
	0x02, 0x01, 0x00, // INTEGER 0 (v1)
	0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, // AlgorithmIdentifier {id-Ed25519}
	0x04, 0x22, 0x04, 0x20, // OCTET STRING { OCTET STRING (32 bytes) }
}

// oidEd25519 is the DER of the AlgorithmIdentifier's content: the OID
// 1.3.101.112 and no parameters (RFC 8410 section 3: they MUST be absent).
var oidEd25519 = []byte{0x06, 0x03, 0x2b, 0x65, 0x70}

// MarshalPKCS8PrivateKey returns the PKCS #8, ASN.1 DER form of priv (a
// version-0 PrivateKeyInfo holding the seed), byte for byte what
// crypto/x509.MarshalPKCS8PrivateKey returns for
// crypto/ed25519.PrivateKey(priv). Encode it as PEM with type "PRIVATE KEY".
// It returns an error if priv is not [PrivateKeySize] bytes.
func MarshalPKCS8PrivateKey(priv PrivateKey) ([]byte, error) {
	if len(priv) != PrivateKeySize {
		return nil, fmt.Errorf("ed25519: bad private key length: %d", len(priv))
	}
	out := make([]byte, 0, len(pkcs8Prefix)+SeedSize)
	out = append(out, pkcs8Prefix...)
	return append(out, priv[:SeedSize]...), nil
}

// ParsePKCS8PrivateKey parses an Ed25519 private key in PKCS #8, ASN.1 DER
// form (RFC 8410 section 7): a version-0 PrivateKeyInfo, as
// crypto/x509.MarshalPKCS8PrivateKey and OpenSSL write it, or a version-1
// OneAsymmetricKey (RFC 5958), whose optional public key must then match
// the seed. Attributes are skipped. It returns an error for any other
// algorithm, for parameters after the OID, for a seed that is not 32 bytes,
// for non-DER lengths and for trailing data. For keys of other algorithms
// use crypto/x509.ParsePKCS8PrivateKey.
func ParsePKCS8PrivateKey(der []byte) (PrivateKey, error) {
	fail := func(what string) (PrivateKey, error) {
		return nil, errors.New("ed25519: invalid PKCS #8 private key: " + what)
	}
	tag, body, rest, ok := derNext(der)
	if !ok || tag != 0x30 || len(rest) != 0 {
		return fail("not a DER SEQUENCE")
	}
	tag, version, body, ok := derNext(body)
	if !ok || tag != 0x02 || len(version) != 1 || version[0] > 1 {
		return fail("version is not 0 or 1")
	}
	tag, algo, body, ok := derNext(body)
	if !ok || tag != 0x30 || !bytes.Equal(algo, oidEd25519) {
		return fail("algorithm is not Ed25519 (OID 1.3.101.112, no parameters)")
	}
	tag, wrapped, body, ok := derNext(body)
	if !ok || tag != 0x04 {
		return fail("no private key OCTET STRING")
	}
	tag, seed, trailing, ok := derNext(wrapped)
	if !ok || tag != 0x04 || len(seed) != SeedSize || len(trailing) != 0 {
		return fail("CurvePrivateKey is not a 32-byte OCTET STRING")
	}
	var pub []byte
	if len(body) > 0 && body[0] == 0xa0 { // [0] attributes: skipped
		if _, _, body, ok = derNext(body); !ok {
			return fail("bad attributes")
		}
	}
	if len(body) > 0 && body[0] == 0x81 { // [1] IMPLICIT BIT STRING publicKey
		var bits []byte
		if _, bits, body, ok = derNext(body); !ok || version[0] != 1 ||
			len(bits) != 1+PublicKeySize || bits[0] != 0 {
			return fail("bad public key")
		}
		pub = bits[1:]
	}
	if len(body) != 0 {
		return fail("trailing data")
	}
	priv := NewKeyFromSeed(seed)
	if pub != nil && !bytes.Equal(pub, priv[SeedSize:]) {
		return fail("public key does not match the seed")
	}
	return priv, nil
}

// derNext splits the first DER element off b: its one-byte tag, its
// content and what follows. It accepts only minimal definite lengths below
// 2^16, which covers every Ed25519 key.
func derNext(b []byte) (tag byte, content, rest []byte, ok bool) {
	if len(b) < 2 || b[0]&0x1f == 0x1f { // no multi-byte tags
		return 0, nil, nil, false
	}
	tag, n, b := b[0], int(b[1]), b[2:]
	switch {
	case n < 0x80:
	case n == 0x81 && len(b) >= 1 && b[0] >= 0x80:
		n, b = int(b[0]), b[1:]
	case n == 0x82 && len(b) >= 2 && b[0] != 0:
		n, b = int(b[0])<<8|int(b[1]), b[2:]
	default:
		return 0, nil, nil, false
	}
	if n > len(b) {
		return 0, nil, nil, false
	}
	return tag, b[:n], b[n:], true
}
