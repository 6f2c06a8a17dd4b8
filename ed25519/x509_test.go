package ed25519

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"path/filepath"
	"testing"
	"time"

	"github.com/curvekit/curvekit/internal/testenv"
)

// PublicKey is crypto/ed25519's type itself, checked by the compiler
// (pointer types are only assignable when the element types are identical).
var _ *stded25519.PublicKey = (*PublicKey)(nil)

// TestX509SelfSignedCertificate creates a certificate with this package's
// keys, signed by PrivateKey.Sign as the crypto.Signer, and has crypto/x509
// parse and verify it.
func TestX509SelfSignedCertificate(t *testing.T) {
	pub, priv, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(16),
		Subject:               pkix.Name{CommonName: "curvekit test CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
		DNSNames:              []string{"curvekit.test"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, priv.Public(), priv)
	if err != nil {
		t.Fatalf("CreateCertificate with a curvekit key: %v", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	if cert.SignatureAlgorithm != x509.PureEd25519 || cert.PublicKeyAlgorithm != x509.Ed25519 {
		t.Errorf("algorithms %v, %v", cert.SignatureAlgorithm, cert.PublicKeyAlgorithm)
	}
	certPub, ok := cert.PublicKey.(PublicKey)
	if !ok || !pub.Equal(certPub) {
		t.Fatalf("certificate public key %T %x, want %x", cert.PublicKey, cert.PublicKey, pub)
	}
	if err := cert.CheckSignatureFrom(cert); err != nil {
		t.Errorf("CheckSignatureFrom: %v", err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	if _, err := cert.Verify(x509.VerifyOptions{Roots: roots, DNSName: "curvekit.test"}); err != nil {
		t.Errorf("Verify: %v", err)
	}
	if !Verify(pub, cert.RawTBSCertificate, cert.Signature) ||
		!stded25519.Verify(pub, cert.RawTBSCertificate, cert.Signature) {
		t.Error("certificate signature does not verify under Verify / crypto/ed25519")
	}

	// The public key goes to crypto/x509 unconverted both ways.
	spki, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatalf("MarshalPKIXPublicKey: %v", err)
	}
	if !bytes.Equal(spki, cert.RawSubjectPublicKeyInfo) {
		t.Errorf("MarshalPKIXPublicKey %x, certificate has %x", spki, cert.RawSubjectPublicKeyInfo)
	}
	back, err := x509.ParsePKIXPublicKey(spki)
	if k, ok := back.(PublicKey); err != nil || !ok || !bytes.Equal(k, pub) {
		t.Errorf("ParsePKIXPublicKey = %T %x (%v)", back, back, err)
	}
	// The private key is a type of its own: crypto/x509 does not know it.
	if _, err := x509.MarshalPKCS8PrivateKey(priv); err == nil {
		t.Error("crypto/x509 marshalled a curvekit PrivateKey: update the docs (it is drop-in now)")
	}
}

func TestPKCS8(t *testing.T) {
	for i := 0; i < 16; i++ {
		_, priv, _ := GenerateKey(nil)
		der, err := MarshalPKCS8PrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		want, err := x509.MarshalPKCS8PrivateKey(stded25519.PrivateKey(priv))
		if err != nil || !bytes.Equal(der, want) {
			t.Fatalf("MarshalPKCS8PrivateKey = %x, crypto/x509 gives %x (%v)", der, want, err)
		}
		got, err := ParsePKCS8PrivateKey(want)
		if err != nil || !bytes.Equal(got, priv) {
			t.Fatalf("ParsePKCS8PrivateKey = %x (%v), want %x", got, err, priv)
		}
		std, err := x509.ParsePKCS8PrivateKey(der)
		if k, ok := std.(stded25519.PrivateKey); err != nil || !ok || !bytes.Equal(k, priv) {
			t.Fatalf("crypto/x509 parses %T %x (%v)", std, std, err)
		}
		// Every proper prefix and every appended byte is refused.
		for n := 0; n < len(der); n++ {
			if _, err := ParsePKCS8PrivateKey(der[:n]); err == nil {
				t.Fatalf("prefix of %d bytes accepted", n)
			}
		}
		if _, err := ParsePKCS8PrivateKey(append(bytes.Clone(der), 0)); err == nil {
			t.Fatal("trailing byte accepted")
		}
		// A version-1 OneAsymmetricKey (RFC 8410 section 10.3's layout) with
		// attributes and the public key.
		v2 := oneAsymmetricKey(priv[:32], priv[32:], true)
		if got, err := ParsePKCS8PrivateKey(v2); err != nil || !bytes.Equal(got, priv) {
			t.Fatalf("v2 form: %x (%v)", got, err)
		}
		badPub := bytes.Clone(priv[32:])
		badPub[0] ^= 1
		if _, err := ParsePKCS8PrivateKey(oneAsymmetricKey(priv[:32], badPub, true)); err == nil {
			t.Fatal("v2 form with a mismatched public key accepted")
		}
	}

	_, priv, _ := GenerateKey(nil)
	good, _ := MarshalPKCS8PrivateKey(priv)
	mutate := func(i int, b byte) []byte { d := bytes.Clone(good); d[i] = b; return d }
	for name, der := range map[string][]byte{
		"empty":                  nil,
		"version 2":              mutate(4, 2),
		"Ed448 OID":              mutate(11, 0x71),
		"X25519 OID":             mutate(11, 0x6e),
		"outer not a SEQUENCE":   mutate(0, 0x31),
		"key not OCTET STRING":   mutate(12, 0x03),
		"inner length 31":        append([]byte{0x30, 0x2d, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x21, 0x04, 0x1f}, priv[:31]...),
		"long-form length":       append([]byte{0x30, 0x81, 0x2e}, good[2:]...),
		"OID with NULL params":   append(append([]byte{0x30, 0x30, 0x02, 0x01, 0x00, 0x30, 0x07, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x05, 0x00}, good[12:16]...), priv[:32]...),
		"public key under v1":    append(append([]byte{0x30, 0x51}, good[2:]...), append([]byte{0x81, 0x21, 0x00}, priv[32:]...)...),
		"v2 unused bits not 0":   unusedBits(oneAsymmetricKey(priv[:32], priv[32:], false), 1),
		"v2 public key 31 bytes": oneAsymmetricKey(priv[:32], priv[32:63], false),
	} {
		if _, err := ParsePKCS8PrivateKey(der); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := MarshalPKCS8PrivateKey(priv[:63]); err == nil {
		t.Error("MarshalPKCS8PrivateKey accepted a 63-byte key")
	}
}

// unusedBits sets the unused-bits octet of der's trailing publicKey BIT
// STRING, which oneAsymmetricKey always writes as 0.
func unusedBits(der []byte, n byte) []byte {
	der = bytes.Clone(der)
	der[len(der)-1-PublicKeySize] = n
	return der
}

// oneAsymmetricKey builds a version-1 PKCS #8 key with pub as its [1]
// publicKey, optionally with one [0] attribute before it.
func oneAsymmetricKey(seed, pub []byte, attrs bool) []byte {
	body := []byte{0x02, 0x01, 0x01, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20}
	body = append(body, seed...)
	if attrs {
		// [0] { SEQUENCE { OID 1.2.840.113549.1.9.9.20 (friendlyName-like), SET { UTF8String "x" } } }
		attr := []byte{0x30, 0x12, 0x06, 0x0b, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x09, 0x14, 0x00, 0x31, 0x03, 0x0c, 0x01, 'x'}
		body = append(body, 0xa0, byte(len(attr)))
		body = append(body, attr...)
	}
	body = append(body, 0x81, byte(len(pub)+1), 0x00)
	body = append(body, pub...)
	return append([]byte{0x30, byte(len(body))}, body...)
}

// TestPKCS8OpenSSL round-trips keys through `openssl pkey` when openssl is
// installed.
func TestPKCS8OpenSSL(t *testing.T) {
	o := testenv.NewOpenSSL(t)
	run := o.Run
	pub, priv, _ := GenerateKey(nil)
	der, _ := MarshalPKCS8PrivateKey(priv)
	keyFile := o.PEMFile("key.pem", "PRIVATE KEY", der)
	if back := run("pkey", "-in", keyFile, "-outform", "DER"); !bytes.Equal(back, der) {
		t.Errorf("openssl pkey rewrote the key as %x, want %x", back, der)
	}
	spki, _ := x509.MarshalPKIXPublicKey(pub)
	if got := run("pkey", "-in", keyFile, "-pubout", "-outform", "DER"); !bytes.Equal(got, spki) {
		t.Errorf("openssl derives public key %x, want %x", got, spki)
	}

	// A key OpenSSL generates parses, and its public key is OpenSSL's.
	genFile := filepath.Join(o.Dir, "gen.pem")
	run("genpkey", "-algorithm", "ed25519", "-out", genFile)
	genDER := run("pkey", "-in", genFile, "-outform", "DER")
	k, err := ParsePKCS8PrivateKey(genDER)
	if err != nil {
		t.Fatalf("ParsePKCS8PrivateKey(openssl genpkey): %v", err)
	}
	gotSPKI, _ := x509.MarshalPKIXPublicKey(k.Public())
	if want := run("pkey", "-in", genFile, "-pubout", "-outform", "DER"); !bytes.Equal(gotSPKI, want) {
		t.Errorf("public key %x, openssl says %x", gotSPKI, want)
	}
	if sig, err := k.Sign(nil, []byte("m"), crypto.Hash(0)); err != nil || !Verify(k.Public().(PublicKey), []byte("m"), sig) {
		t.Errorf("signing with the parsed key: %v", err)
	}
}
