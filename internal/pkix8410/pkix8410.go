// Package pkix8410 writes and reads the DER encodings of RFC 8410 keys in
// the 1.3.101 arc (X25519, X448): SubjectPublicKeyInfo (RFC 5280) and
// PKCS #8 PrivateKeyInfo / OneAsymmetricKey (RFC 5958).
//
// The DER is written and parsed by hand so that the curve packages do not
// link crypto/x509. The parsers accept exactly one encoding of each field
// (definite, minimal lengths; low tag numbers), refuse parameters after
// the OID and trailing data, and report what failed as a short phrase the
// caller prefixes with its package and operation.
package pkix8410

import "errors"

// Algorithm names one RFC 8410 algorithm: id-X25519 is 1.3.101.110,
// id-X448 1.3.101.111.
type Algorithm struct {
	Name string // "X25519", for error messages
	Arc  byte   // the last arc of the OID under 1.3.101
	Size int    // bytes of the public and the private key
}

// algorithmID is the DER of the AlgorithmIdentifier SEQUENCE: the OID and
// no parameters (RFC 8410, Section 3: they MUST be absent).
func (a Algorithm) algorithmID() []byte {
	return []byte{0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, a.Arc}
}

func (a Algorithm) oidText() string {
	return "1.3.101." + itoa(int(a.Arc))
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// appendTL appends a DER tag and a definite, minimal length.
func appendTL(b []byte, tag byte, n int) []byte {
	switch {
	case n < 0x80:
		return append(b, tag, byte(n))
	case n < 0x100:
		return append(b, tag, 0x81, byte(n))
	default:
		return append(b, tag, 0x82, byte(n>>8), byte(n))
	}
}

// MarshalSPKI returns the SubjectPublicKeyInfo of the public key pub,
// which must be a.Size bytes.
func MarshalSPKI(a Algorithm, pub []byte) []byte {
	alg := a.algorithmID()
	bitLen := 1 + len(pub)
	inner := len(alg) + lenTL(bitLen) + bitLen
	out := make([]byte, 0, lenTL(inner)+inner)
	out = appendTL(out, 0x30, inner)
	out = append(out, alg...)
	out = appendTL(out, 0x03, bitLen)
	out = append(out, 0) // no unused bits
	return append(out, pub...)
}

// MarshalPKCS8 returns the version-0 PrivateKeyInfo of the private key
// priv, which must be a.Size bytes: the form OpenSSL and crypto/x509
// write, without attributes or public key.
func MarshalPKCS8(a Algorithm, priv []byte) []byte {
	alg := a.algorithmID()
	curveKey := lenTL(len(priv)) + len(priv)
	inner := 3 + len(alg) + lenTL(curveKey) + curveKey
	out := make([]byte, 0, lenTL(inner)+inner)
	out = appendTL(out, 0x30, inner)
	out = append(out, 0x02, 0x01, 0x00) // version v1 (0)
	out = append(out, alg...)
	out = appendTL(out, 0x04, curveKey)
	out = appendTL(out, 0x04, len(priv))
	return append(out, priv...)
}

func lenTL(n int) int {
	switch {
	case n < 0x80:
		return 2
	case n < 0x100:
		return 3
	default:
		return 4
	}
}

// next splits the first DER element off b: its one-byte tag, its content
// and what follows. Only low tag numbers and minimal definite lengths
// below 2^16 are accepted; every RFC 8410 key is far shorter.
func next(b []byte) (tag byte, content, rest []byte, err error) {
	if len(b) < 2 {
		return 0, nil, nil, errors.New("truncated DER element")
	}
	if b[0]&0x1f == 0x1f {
		return 0, nil, nil, errors.New("multi-byte DER tag")
	}
	tag, n, b := b[0], int(b[1]), b[2:]
	switch {
	case n < 0x80:
	case n == 0x81 && len(b) >= 1 && b[0] >= 0x80:
		n, b = int(b[0]), b[1:]
	case n == 0x82 && len(b) >= 2 && b[0] != 0:
		n, b = int(b[0])<<8|int(b[1]), b[2:]
	default:
		return 0, nil, nil, errors.New("non-minimal, indefinite or oversized DER length")
	}
	if n > len(b) {
		return 0, nil, nil, errors.New("truncated DER element")
	}
	return tag, b[:n], b[n:], nil
}

// checkAlgorithm checks an AlgorithmIdentifier's content.
func (a Algorithm) checkAlgorithm(content []byte) error {
	tag, oid, params, err := next(content)
	if err != nil || tag != 0x06 {
		return errors.New("AlgorithmIdentifier has no OID")
	}
	if len(oid) != 3 || oid[0] != 0x2b || oid[1] != 0x65 || oid[2] != a.Arc {
		return errors.New("algorithm is not " + a.Name + " (OID " + a.oidText() + ")")
	}
	if len(params) != 0 {
		return errors.New("algorithm parameters present (RFC 8410 requires them absent)")
	}
	return nil
}

// ParseSPKI parses a SubjectPublicKeyInfo holding an a key and returns
// its a.Size bytes (aliasing der). The error says what failed.
func ParseSPKI(a Algorithm, der []byte) ([]byte, error) {
	tag, body, rest, err := next(der)
	if err != nil {
		return nil, err
	}
	if tag != 0x30 {
		return nil, errors.New("not a DER SEQUENCE")
	}
	if len(rest) != 0 {
		return nil, errors.New("trailing data after SubjectPublicKeyInfo")
	}
	tag, alg, body, err := next(body)
	if err != nil || tag != 0x30 {
		return nil, errors.New("no AlgorithmIdentifier SEQUENCE")
	}
	if err := a.checkAlgorithm(alg); err != nil {
		return nil, err
	}
	tag, bits, body, err := next(body)
	if err != nil || tag != 0x03 {
		return nil, errors.New("no subjectPublicKey BIT STRING")
	}
	if len(body) != 0 {
		return nil, errors.New("trailing data inside SubjectPublicKeyInfo")
	}
	if len(bits) == 0 || bits[0] != 0 {
		return nil, errors.New("subjectPublicKey BIT STRING is not whole bytes")
	}
	if len(bits)-1 != a.Size {
		return nil, errors.New("public key is " + itoa(len(bits)-1) + " bytes, want " + itoa(a.Size))
	}
	return bits[1:], nil
}

// ParsePKCS8 parses a version-0 PrivateKeyInfo or a version-1
// OneAsymmetricKey holding an a key and returns its private key and, if
// the version-1 form carries one, its public key (both aliasing der;
// pub is nil otherwise). Attributes are skipped. The caller checks that
// pub matches priv.
func ParsePKCS8(a Algorithm, der []byte) (priv, pub []byte, err error) {
	tag, body, rest, err := next(der)
	if err != nil {
		return nil, nil, err
	}
	if tag != 0x30 {
		return nil, nil, errors.New("not a DER SEQUENCE")
	}
	if len(rest) != 0 {
		return nil, nil, errors.New("trailing data after PrivateKeyInfo")
	}
	tag, version, body, err := next(body)
	if err != nil || tag != 0x02 || len(version) != 1 || version[0] > 1 {
		return nil, nil, errors.New("version is not 0 or 1")
	}
	tag, alg, body, err := next(body)
	if err != nil || tag != 0x30 {
		return nil, nil, errors.New("no AlgorithmIdentifier SEQUENCE")
	}
	if err := a.checkAlgorithm(alg); err != nil {
		return nil, nil, err
	}
	tag, wrapped, body, err := next(body)
	if err != nil || tag != 0x04 {
		return nil, nil, errors.New("no privateKey OCTET STRING")
	}
	tag, key, trailing, err := next(wrapped)
	if err != nil || tag != 0x04 || len(trailing) != 0 {
		return nil, nil, errors.New("privateKey does not hold a CurvePrivateKey OCTET STRING (RFC 8410, Section 7)")
	}
	if len(key) != a.Size {
		return nil, nil, errors.New("private key is " + itoa(len(key)) + " bytes, want " + itoa(a.Size))
	}
	if len(body) > 0 && body[0] == 0xa0 { // [0] IMPLICIT Attributes: skipped
		if _, _, body, err = next(body); err != nil {
			return nil, nil, errors.New("malformed attributes")
		}
	}
	if len(body) > 0 && body[0] == 0x81 { // [1] IMPLICIT BIT STRING publicKey
		var bits []byte
		if _, bits, body, err = next(body); err != nil {
			return nil, nil, errors.New("malformed publicKey")
		}
		if version[0] != 1 {
			return nil, nil, errors.New("publicKey present in a version-0 key")
		}
		if len(bits) != 1+a.Size || bits[0] != 0 {
			return nil, nil, errors.New("publicKey is not a " + itoa(a.Size) + "-byte BIT STRING")
		}
		pub = bits[1:]
	}
	if len(body) != 0 {
		return nil, nil, errors.New("trailing data inside PrivateKeyInfo")
	}
	return key, pub, nil
}
