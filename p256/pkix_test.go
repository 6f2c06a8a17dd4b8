package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/x509"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func readPEM(t *testing.T, path, typ string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != typ {
		t.Fatalf("%s: no %q PEM block", path, typ)
	}
	return blk.Bytes
}

// checkOpenSSLKeys checks one key written by OpenSSL in four forms: PKCS #8
// and SEC 1 private keys, uncompressed and compressed SPKI.
func checkOpenSSLKeys(t *testing.T, dir string) {
	p8 := readPEM(t, filepath.Join(dir, "openssl_p256_pkcs8.pem"), "PRIVATE KEY")
	priv, err := ParsePKCS8PrivateKey(p8)
	if err != nil {
		t.Fatalf("PKCS #8: %v", err)
	}
	std, err := x509.ParsePKCS8PrivateKey(p8)
	if err != nil || !priv.Equal(std) {
		t.Fatalf("x509 disagrees on the PKCS #8 key: %v", err)
	}
	sec1 := readPEM(t, filepath.Join(dir, "openssl_p256_sec1.pem"), "EC PRIVATE KEY")
	priv1, err := ParseSEC1PrivateKey(sec1)
	if err != nil || !priv1.Equal(priv) {
		t.Fatalf("SEC 1: %v", err)
	}
	if again, _ := MarshalSEC1PrivateKey(priv); !bytes.Equal(again, sec1) {
		t.Errorf("MarshalSEC1PrivateKey differs from OpenSSL's\n got %x\nwant %x", again, sec1)
	}
	spki := readPEM(t, filepath.Join(dir, "openssl_p256_spki.pem"), "PUBLIC KEY")
	pub, err := ParsePKIXPublicKey(spki)
	if err != nil || !pub.Equal(priv.PublicKey()) {
		t.Fatalf("SPKI: %v", err)
	}
	if again, _ := MarshalPKIXPublicKey(pub); !bytes.Equal(again, spki) {
		t.Errorf("MarshalPKIXPublicKey differs from OpenSSL's")
	}
	comp := readPEM(t, filepath.Join(dir, "openssl_p256_spki_compressed.pem"), "PUBLIC KEY")
	if len(comp) >= len(spki) {
		t.Fatalf("compressed SPKI is %d bytes, uncompressed %d", len(comp), len(spki))
	}
	cpub, err := ParsePKIXPublicKey(comp)
	if err != nil || !cpub.Equal(pub) {
		t.Fatalf("compressed SPKI: %v", err)
	}
	// The key signs and OpenSSL's public key verifies.
	d := sha256.Sum256([]byte("openssl"))
	sig, err := priv.Sign(nil, d[:], crypto.SHA256)
	if err != nil || !VerifyASN1(cpub, d[:], sig) {
		t.Fatalf("sign/verify with the OpenSSL key: %v", err)
	}
}

func TestPKIXOpenSSLFixed(t *testing.T) {
	checkOpenSSLKeys(t, "testdata")
	p8 := readPEM(t, "testdata/openssl_p384_pkcs8.pem", "PRIVATE KEY")
	if _, err := ParsePKCS8PrivateKey(p8); err == nil || !strings.Contains(err.Error(), "1.3.132.0.34") {
		t.Errorf("P-384 PKCS #8: %v", err)
	}
	spki := readPEM(t, "testdata/openssl_p384_spki.pem", "PUBLIC KEY")
	if _, err := ParsePKIXPublicKey(spki); err == nil || !strings.Contains(err.Error(), "1.3.132.0.34") {
		t.Errorf("P-384 SPKI: %v", err)
	}
}

// TestPKIXOpenSSLFresh has OpenSSL make a new key in each form, when an
// openssl binary is installed.
func TestPKIXOpenSSLFresh(t *testing.T) {
	bin := opensslBinary(t)
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("openssl %v: %v\n%s", args, err, out)
		}
	}
	p8 := filepath.Join(dir, "openssl_p256_pkcs8.pem")
	run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", p8)
	run("ec", "-in", p8, "-out", filepath.Join(dir, "openssl_p256_sec1.pem"))
	run("ec", "-in", p8, "-pubout", "-out", filepath.Join(dir, "openssl_p256_spki.pem"))
	run("ec", "-in", p8, "-conv_form", "compressed", "-pubout", "-out", filepath.Join(dir, "openssl_p256_spki_compressed.pem"))
	checkOpenSSLKeys(t, dir)
}

// FuzzParsePKIXPublicKey checks ParsePKIXPublicKey against crypto/x509: a
// P-256 key that x509 parses is parsed to the same point, and an
// uncompressed key that is parsed here is parsed by x509.
func FuzzParsePKIXPublicKey(f *testing.F) {
	f.Add(pemBytes(f, "testdata/openssl_p256_spki.pem"))
	f.Add(pemBytes(f, "testdata/openssl_p256_spki_compressed.pem"))
	f.Add(pemBytes(f, "testdata/openssl_p384_spki.pem"))
	f.Fuzz(func(t *testing.T, der []byte) {
		pub, err := ParsePKIXPublicKey(der)
		std, stdErr := x509.ParsePKIXPublicKey(der)
		if k, ok := std.(*ecdsa.PublicKey); stdErr == nil && ok && k.Curve == elliptic.P256() {
			if err != nil || !pub.Equal(k) {
				t.Fatalf("x509 parses %x, ParsePKIXPublicKey: %v", der, err)
			}
		}
		if err == nil {
			if again, _ := MarshalPKIXPublicKey(pub); bytes.Equal(again, der) && (stdErr != nil || !pub.Equal(std)) {
				t.Fatalf("canonical %x parsed here, not by x509: %v", der, stdErr)
			}
		}
	})
}

// FuzzParsePKCS8PrivateKey checks ParsePKCS8PrivateKey against crypto/x509
// in both directions for P-256 keys.
func FuzzParsePKCS8PrivateKey(f *testing.F) {
	f.Add(pemBytes(f, "testdata/openssl_p256_pkcs8.pem"))
	f.Add(pemBytes(f, "testdata/openssl_p384_pkcs8.pem"))
	f.Fuzz(func(t *testing.T, der []byte) {
		priv, err := ParsePKCS8PrivateKey(der)
		std, stdErr := x509.ParsePKCS8PrivateKey(der)
		if k, ok := std.(*ecdsa.PrivateKey); stdErr == nil && ok && k.Curve == elliptic.P256() {
			if err != nil && !stricterThanX509(err) || err == nil && !priv.Equal(k) {
				t.Fatalf("x509 parses %x, ParsePKCS8PrivateKey: %v", der, err)
			}
		}
		if err == nil {
			if again, _ := MarshalPKCS8PrivateKey(priv); bytes.Equal(again, der) && (stdErr != nil || !priv.Equal(std)) {
				t.Fatalf("canonical %x parsed here, not by x509: %v", der, stdErr)
			}
		}
	})
}

// FuzzParseSEC1PrivateKey checks ParseSEC1PrivateKey against
// crypto/x509.ParseECPrivateKey.
func FuzzParseSEC1PrivateKey(f *testing.F) {
	f.Add(pemBytes(f, "testdata/openssl_p256_sec1.pem"))
	f.Fuzz(func(t *testing.T, der []byte) {
		priv, err := ParseSEC1PrivateKey(der)
		std, stdErr := x509.ParseECPrivateKey(der)
		if stdErr == nil && std.Curve == elliptic.P256() {
			if err != nil && !stricterThanX509(err) || err == nil && !priv.Equal(std) {
				t.Fatalf("x509 parses %x, ParseSEC1PrivateKey: %v", der, err)
			}
		}
		if err == nil {
			if again, _ := MarshalSEC1PrivateKey(priv); bytes.Equal(again, der) && (stdErr != nil || !priv.Equal(std)) {
				t.Fatalf("canonical %x parsed here, not by x509: %v", der, stdErr)
			}
		}
	})
}

// stricterThanX509 reports whether err is one of the deliberate refusals
// of keys crypto/x509 accepts: it ignores data after the PKCS #8 and
// ECPrivateKey structures, does not check the PKCS #8 version and does
// not read the public key inside an ECPrivateKey.
func stricterThanX509(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "trailing data") || strings.Contains(msg, "unknown PKCS #8 version") ||
		strings.Contains(msg, "public key in ECPrivateKey") || strings.Contains(msg, "ECPrivateKey public key")
}

func pemBytes(f *testing.F, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil {
		f.Fatalf("%s: no PEM", path)
	}
	return blk.Bytes
}

// TestMarshalPKIXPublicKeyCompressedFixture: the compressed SPKI of the
// key in testdata is OpenSSL's.
func TestMarshalPKIXPublicKeyCompressedFixture(t *testing.T) {
	priv, err := ParsePKCS8PrivateKey(readPEM(t, "testdata/openssl_p256_pkcs8.pem", "PRIVATE KEY"))
	if err != nil {
		t.Fatal(err)
	}
	der, _ := MarshalPKIXPublicKeyCompressed(priv.PublicKey())
	if want := readPEM(t, "testdata/openssl_p256_spki_compressed.pem", "PUBLIC KEY"); !bytes.Equal(der, want) {
		t.Errorf("MarshalPKIXPublicKeyCompressed differs from OpenSSL's\n got %x\nwant %x", der, want)
	}
}
