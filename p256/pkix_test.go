package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/pem"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestEqualStdlib(t *testing.T) {
	priv, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !priv.PublicKey().Equal(priv.Public()) {
		t.Error("priv.PublicKey().Equal(priv.Public()) is false")
	}
	ecdsaPriv, _ := priv.ToECDSA()
	ecdhPriv, _ := priv.ToECDH()
	ecdsaPub, _ := priv.PublicKey().ToECDSA()
	ecdhPub, _ := priv.PublicKey().ToECDH()
	otherECDSA, _ := other.ToECDSA()
	otherECDH, _ := other.ToECDH()

	for name, x := range map[string]crypto.PublicKey{"ecdsa": ecdsaPub, "ecdh": ecdhPub} {
		if !priv.PublicKey().Equal(x) {
			t.Errorf("PublicKey.Equal(%s) is false", name)
		}
		if other.PublicKey().Equal(x) {
			t.Errorf("PublicKey.Equal(%s of another key) is true", name)
		}
	}
	// The standard library's direction.
	if !ecdsaPub.Equal(mustECDSAPub(t, priv.PublicKey())) || !ecdhPub.Equal(mustECDHPub(t, priv.PublicKey())) {
		t.Error("std keys do not equal their round trip")
	}
	for name, x := range map[string]crypto.PrivateKey{"ecdsa": ecdsaPriv, "ecdh": ecdhPriv} {
		if !priv.Equal(x) {
			t.Errorf("PrivateKey.Equal(%s) is false", name)
		}
		if other.Equal(x) {
			t.Errorf("PrivateKey.Equal(%s of another key) is true", name)
		}
	}
	if priv.Equal(otherECDSA) || priv.Equal(otherECDH) {
		t.Error("PrivateKey.Equal is true for another key")
	}
	// An ecdsa key whose public point is not D·G.
	bad := *ecdsaPriv
	bad.PublicKey = otherECDSA.PublicKey
	if priv.Equal(&bad) {
		t.Error("PrivateKey.Equal accepts an ecdsa key with a foreign public point")
	}
	// Same scalar on another curve.
	//lint:ignore SA1019 a key on another curve can be built only through the big.Int fields.
	p384 := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P384()}, D: new(big.Int).SetBytes(priv.Bytes())}
	if priv.Equal(p384) {
		t.Error("PrivateKey.Equal accepts a P-384 key")
	}
	k384, err := ecdh.P384().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if priv.PublicKey().Equal(k384.PublicKey()) || priv.Equal(k384) {
		t.Error("Equal accepts a P-384 crypto/ecdh key")
	}
	// nil and typed nils.
	var nilECDSA *ecdsa.PublicKey
	var nilECDH *ecdh.PublicKey
	var nilECDSAPriv *ecdsa.PrivateKey
	var nilECDHPriv *ecdh.PrivateKey
	if priv.PublicKey().Equal(nil) || priv.PublicKey().Equal(nilECDSA) || priv.PublicKey().Equal(nilECDH) ||
		priv.Equal(nil) || priv.Equal(nilECDSAPriv) || priv.Equal(nilECDHPriv) || priv.Equal(&ecdsa.PrivateKey{}) {
		t.Error("Equal is true for a nil key")
	}
	var nilPub *PublicKey
	if nilPub.Equal(ecdsaPub) || (*PrivateKey)(nil).Equal(ecdsaPriv) {
		t.Error("nil receiver equals a key")
	}
}

func mustECDSAPub(t *testing.T, p *PublicKey) *ecdsa.PublicKey {
	k, err := p.ToECDSA()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func mustECDHPub(t *testing.T, p *PublicKey) *ecdh.PublicKey {
	k, err := p.ToECDH()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestPKIXAgainstX509(t *testing.T) {
	for range 16 {
		priv, err := GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		ecdsaPriv, _ := priv.ToECDSA()
		ecdhPriv, _ := priv.ToECDH()

		spki, err := MarshalPKIXPublicKey(priv.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		for _, std := range []any{&ecdsaPriv.PublicKey, ecdhPriv.PublicKey()} {
			want, err := x509.MarshalPKIXPublicKey(std)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(spki, want) {
				t.Fatalf("MarshalPKIXPublicKey %x, x509 %x", spki, want)
			}
		}
		stdPub, err := x509.ParsePKIXPublicKey(spki)
		if err != nil || !priv.PublicKey().Equal(stdPub) {
			t.Fatalf("x509 cannot parse ours: %v", err)
		}
		pub, err := ParsePKIXPublicKey(spki)
		if err != nil || !pub.Equal(priv.PublicKey()) {
			t.Fatalf("ParsePKIXPublicKey: %v", err)
		}

		p8, err := MarshalPKCS8PrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		for _, std := range []any{ecdsaPriv, ecdhPriv} {
			want, err := x509.MarshalPKCS8PrivateKey(std)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(p8, want) {
				t.Fatalf("MarshalPKCS8PrivateKey %x, x509 %x", p8, want)
			}
		}
		stdPriv, err := x509.ParsePKCS8PrivateKey(p8)
		if err != nil || !priv.Equal(stdPriv) {
			t.Fatalf("x509 cannot parse our PKCS #8: %v", err)
		}
		back, err := ParsePKCS8PrivateKey(p8)
		if err != nil || !back.Equal(priv) {
			t.Fatalf("ParsePKCS8PrivateKey: %v", err)
		}

		sec1, err := MarshalSEC1PrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		want, err := x509.MarshalECPrivateKey(ecdsaPriv)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sec1, want) {
			t.Fatalf("MarshalSEC1PrivateKey %x, x509 %x", sec1, want)
		}
		stdSEC1, err := x509.ParseECPrivateKey(sec1)
		if err != nil || !priv.Equal(stdSEC1) {
			t.Fatalf("x509 cannot parse our SEC 1: %v", err)
		}
		back, err = ParseSEC1PrivateKey(sec1)
		if err != nil || !back.Equal(priv) {
			t.Fatalf("ParseSEC1PrivateKey: %v", err)
		}
	}
}

func TestPKIXCompressed(t *testing.T) {
	priv, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	spki, _ := MarshalPKIXPublicKey(priv.PublicKey())
	// The same SubjectPublicKeyInfo with the 33-byte point: the BIT STRING
	// (03 42 00 ‖ 65 bytes) becomes 03 22 00 ‖ 33 bytes, the outer
	// SEQUENCE 32 bytes shorter.
	comp := priv.PublicKey().BytesCompressed()
	der := append([]byte{}, spki[:len(spki)-68]...)
	der = append(der, 0x03, 34, 0)
	der = append(der, comp...)
	der[1] -= 32
	pub, err := ParsePKIXPublicKey(der)
	if err != nil || !pub.Equal(priv.PublicKey()) {
		t.Fatalf("compressed SPKI %x: %v", der, err)
	}
	if _, err := x509.ParsePKIXPublicKey(der); err == nil {
		t.Log("crypto/x509 now parses compressed points; the doc of ParsePKIXPublicKey can drop the remark")
	}
}

func TestPKIXRejects(t *testing.T) {
	priv, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	spki, _ := MarshalPKIXPublicKey(priv.PublicKey())
	p8, _ := MarshalPKCS8PrivateKey(priv)
	sec1, _ := MarshalSEC1PrivateKey(priv)
	k384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	spki384, _ := x509.MarshalPKIXPublicKey(&k384.PublicKey)
	p8384, _ := x509.MarshalPKCS8PrivateKey(k384)
	sec1384, _ := x509.MarshalECPrivateKey(k384)
	for _, tc := range []struct {
		name, want string
		parse      func([]byte) error
		der        []byte
	}{
		{"spki trailing", "trailing", parsePub, append(append([]byte{}, spki...), 0)},
		{"spki P-384", "1.3.132.0.34", parsePub, spki384},
		{"spki truncated", "malformed", parsePub, spki[:len(spki)-1]},
		{"spki empty", "malformed", parsePub, nil},
		{"pkcs8 trailing", "trailing", parsePKCS8, append(append([]byte{}, p8...), 0)},
		{"pkcs8 P-384", "1.3.132.0.34", parsePKCS8, p8384},
		{"pkcs8 is spki", "malformed", parsePKCS8, spki},
		{"sec1 trailing", "trailing", parseSEC1, append(append([]byte{}, sec1...), 0)},
		{"sec1 P-384", "1.3.132.0.34", parseSEC1, sec1384},
		{"sec1 is pkcs8", "", parseSEC1, p8},
	} {
		err := tc.parse(tc.der)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "p256: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %q, want one containing %q", tc.name, err, tc.want)
		}
	}
	// A corrupted public point, and a public key that does not match.
	bad := append([]byte{}, spki...)
	bad[len(bad)-1] ^= 1
	if _, err := ParsePKIXPublicKey(bad); err == nil {
		t.Error("off-curve point accepted")
	}
	bad = append([]byte{}, sec1...)
	bad[len(bad)-1] ^= 1
	if _, err := ParseSEC1PrivateKey(bad); err == nil {
		t.Error("SEC 1 key with a wrong public point accepted")
	}
	if _, err := MarshalPKIXPublicKey(nil); err == nil {
		t.Error("MarshalPKIXPublicKey(nil) succeeded")
	}
	if _, err := MarshalPKCS8PrivateKey(&PrivateKey{}); err == nil {
		t.Error("MarshalPKCS8PrivateKey(zero key) succeeded")
	}
	if _, err := MarshalSEC1PrivateKey(nil); err == nil {
		t.Error("MarshalSEC1PrivateKey(nil) succeeded")
	}
}

func parsePub(b []byte) error   { _, err := ParsePKIXPublicKey(b); return err }
func parsePKCS8(b []byte) error { _, err := ParsePKCS8PrivateKey(b); return err }
func parseSEC1(b []byte) error  { _, err := ParseSEC1PrivateKey(b); return err }

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
	if os.Getenv("CURVEKIT_QEMU_USER") != "" {
		t.Skip("no child processes under qemu-user")
	}
	bin, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl binary")
	}
	if testing.Short() {
		t.Skip("runs openssl")
	}
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
