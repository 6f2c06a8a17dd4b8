package p256

import (
	"bytes"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/pem"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

//lint:file-ignore SA1019 crypto/elliptic and ecdsa.PublicKey's X and Y are the independent reference these tests compare with.

// compressedKeys returns n keys from a fixed seed, and the keys of the
// scalars 1 and 2.
func compressedKeys(t *testing.T, n int) []*PrivateKey {
	t.Helper()
	r := rand.NewChaCha8([32]byte{'c', 'o', 'm', 'p'})
	var keys []*PrivateKey
	for _, d := range []byte{1, 2} {
		b := make([]byte, 32)
		b[31] = d
		k, err := NewPrivateKey(b)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	for range n {
		k, err := GenerateKey(r)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	return keys
}

// TestBytesCompressedStd: BytesCompressed is crypto/elliptic's
// MarshalCompressed of the same point, for keys of both parities, and
// NewPublicKey reads it back.
func TestBytesCompressedStd(t *testing.T) {
	var parity [2]int
	for _, k := range compressedKeys(t, 64) {
		pub := k.PublicKey()
		std, err := pub.ToECDSA()
		if err != nil {
			t.Fatal(err)
		}
		want := elliptic.MarshalCompressed(elliptic.P256(), std.X, std.Y)
		got := pub.BytesCompressed()
		if !bytes.Equal(got, want) {
			t.Fatalf("BytesCompressed %x, crypto/elliptic %x", got, want)
		}
		parity[got[0]&1]++
		back, err := NewPublicKey(got)
		if err != nil || !back.Equal(pub) {
			t.Fatalf("NewPublicKey(%x): %v", got, err)
		}
	}
	if parity[0] == 0 || parity[1] == 0 {
		t.Fatalf("keys of one parity only: %v", parity)
	}
	if (*PublicKey)(nil).BytesCompressed() != nil || new(PublicKey).BytesCompressed() != nil {
		t.Error("BytesCompressed of a nil or zero key is not nil")
	}
}

// TestMarshalPKIXPublicKeyCompressed: the compressed SubjectPublicKeyInfo
// is the uncompressed one with crypto/elliptic's compressed point in the
// BIT STRING, ParsePKIXPublicKey reads it, and it is OpenSSL's for the
// key in testdata.
func TestMarshalPKIXPublicKeyCompressed(t *testing.T) {
	for _, k := range compressedKeys(t, 8) {
		pub := k.PublicKey()
		der, err := MarshalPKIXPublicKeyCompressed(pub)
		if err != nil {
			t.Fatal(err)
		}
		full, _ := MarshalPKIXPublicKey(pub)
		std, _ := pub.ToECDSA()
		// SEQUENCE { AlgorithmIdentifier, BIT STRING (03 22 00 ‖ point) }:
		// the header and AlgorithmIdentifier are those of the uncompressed
		// form but for the outer length, 32 bytes less.
		want := append([]byte{0x30, full[1] - 32}, full[2:len(full)-68]...)
		want = append(want, 0x03, 34, 0)
		want = append(want, elliptic.MarshalCompressed(elliptic.P256(), std.X, std.Y)...)
		if !bytes.Equal(der, want) {
			t.Fatalf("MarshalPKIXPublicKeyCompressed\n got %x\nwant %x", der, want)
		}
		back, err := ParsePKIXPublicKey(der)
		if err != nil || !back.Equal(pub) {
			t.Fatalf("ParsePKIXPublicKey(%x): %v", der, err)
		}
	}
	if _, err := MarshalPKIXPublicKeyCompressed(nil); err == nil {
		t.Error("MarshalPKIXPublicKeyCompressed(nil) succeeded")
	}
	if _, err := MarshalPKIXPublicKeyCompressed(new(PublicKey)); err == nil {
		t.Error("MarshalPKIXPublicKeyCompressed(zero key) succeeded")
	}

	priv, err := ParsePKCS8PrivateKey(readPEM(t, "testdata/openssl_p256_pkcs8.pem", "PRIVATE KEY"))
	if err != nil {
		t.Fatal(err)
	}
	der, _ := MarshalPKIXPublicKeyCompressed(priv.PublicKey())
	if want := readPEM(t, "testdata/openssl_p256_spki_compressed.pem", "PUBLIC KEY"); !bytes.Equal(der, want) {
		t.Errorf("MarshalPKIXPublicKeyCompressed differs from OpenSSL's\n got %x\nwant %x", der, want)
	}
}

// TestMarshalPKIXPublicKeyCompressedOpenSSL has `openssl ec -conv_form
// compressed` write the compressed SPKI of keys made here, when an openssl
// binary is installed.
func TestMarshalPKIXPublicKeyCompressedOpenSSL(t *testing.T) {
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
	for i, k := range compressedKeys(t, 4) {
		p8, err := MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		in := filepath.Join(dir, "key.pem")
		out := filepath.Join(dir, "pub.der")
		if err := os.WriteFile(in, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: p8}), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "ec", "-in", in, "-conv_form", "compressed", "-pubout", "-outform", "DER", "-out", out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("openssl ec: %v\n%s", err, b)
		}
		want, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := MarshalPKIXPublicKeyCompressed(k.PublicKey())
		if !bytes.Equal(got, want) {
			t.Errorf("key %d: MarshalPKIXPublicKeyCompressed\n got %x\nopenssl %x", i, got, want)
		}
	}
	// crypto/x509 cannot read the result; if it comes to, the doc of
	// MarshalPKIXPublicKeyCompressed can say so.
	der, _ := MarshalPKIXPublicKeyCompressed(compressedKeys(t, 0)[0].PublicKey())
	if _, err := x509.ParsePKIXPublicKey(der); err == nil {
		t.Log("crypto/x509 now parses compressed points")
	}
}
