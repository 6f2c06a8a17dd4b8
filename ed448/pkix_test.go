package ed448

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

// From RFC 8410 §10.1–10.3 structure, built by hand: the prefixes of the
// DER encodings of an Ed448 SubjectPublicKeyInfo and PKCS #8 v1 key.
const (
	spkiPrefix  = "3043300506032b6571033a00"
	pkcs8Prefix = "3047020100300506032b6571043b0439"
)

func TestPKIXRoundTrip(t *testing.T) {
	pub, priv, _ := GenerateKey(nil)
	der, err := MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	if want := spkiPrefix + hex.EncodeToString(pub); hex.EncodeToString(der) != want {
		t.Fatalf("SPKI %x", der)
	}
	got, err := ParsePKIXPublicKey(der)
	if err != nil || !got.Equal(pub) {
		t.Fatal("SPKI round trip", err)
	}
	der, err = MarshalPKCS8PrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	if want := pkcs8Prefix + hex.EncodeToString(priv[:SeedSize]); hex.EncodeToString(der) != want {
		t.Fatalf("PKCS #8 %x", der)
	}
	back, err := ParsePKCS8PrivateKey(der)
	if err != nil || !back.Equal(priv) {
		t.Fatal("PKCS #8 round trip", err)
	}
	// Version 2 with the public key [1] (RFC 8410 §10.3 shape).
	v2 := "3081a3020101300506032b6571043b0439" + hex.EncodeToString(priv[:SeedSize]) +
		"813a00" + hex.EncodeToString(pub)
	b, _ := hex.DecodeString(v2)
	b[2] = byte(len(b) - 3)
	if back, err := ParsePKCS8PrivateKey(b); err != nil || !back.Equal(priv) {
		t.Fatal("PKCS #8 v2", err)
	}
}

func TestPKIXRejects(t *testing.T) {
	pub, priv, _ := GenerateKey(nil)
	spki, _ := MarshalPKIXPublicKey(pub)
	p8, _ := MarshalPKCS8PrivateKey(priv)
	mutate := func(b []byte, i int, v byte) []byte { c := bytes.Clone(b); c[i] = v; return c }
	for name, der := range map[string][]byte{
		"empty":         nil,
		"truncated":     spki[:len(spki)-1],
		"trailing":      append(bytes.Clone(spki), 0),
		"Ed25519 OID":   mutate(spki, 8, 0x70),
		"X448 OID":      mutate(spki, 8, 0x6f),
		"unused bits":   mutate(spki, 11, 1),
		"private as it": p8,
	} {
		if _, err := ParsePKIXPublicKey(der); err == nil {
			t.Errorf("SPKI %s accepted", name)
		}
	}
	for name, der := range map[string][]byte{
		"empty":       nil,
		"truncated":   p8[:len(p8)-1],
		"trailing":    append(bytes.Clone(p8), 0),
		"version 2":   mutate(p8, 4, 2),
		"Ed25519 OID": mutate(p8, 12, 0x70),
		"public":      spki,
	} {
		if _, err := ParsePKCS8PrivateKey(der); err == nil {
			t.Errorf("PKCS #8 %s accepted", name)
		}
	}
	if _, err := MarshalPKIXPublicKey(pub[:56]); err == nil {
		t.Error("short public key marshalled")
	}
	bad := PrivateKey(bytes.Clone(priv))
	bad[SeedSize] ^= 1
	if _, err := MarshalPKCS8PrivateKey(bad); err == nil {
		t.Error("mismatched private key marshalled")
	}
	if _, err := MarshalPKCS8PrivateKey(nil); err == nil {
		t.Error("nil private key marshalled")
	}
}

// TestPKIXOpenSSL reads keys that openssl generates and has openssl read
// the keys this package writes.
func TestPKIXOpenSSL(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the openssl command")
	}
	o := testenv.NewOpenSSL(t)
	run := o.Run
	privFile := filepath.Join(o.Dir, "priv.der")
	run("genpkey", "-algorithm", "ed448", "-outform", "DER", "-out", privFile)
	der, _ := os.ReadFile(privFile)
	priv, err := ParsePKCS8PrivateKey(der)
	if err != nil {
		t.Fatal(err)
	}
	pubDER := run("pkey", "-inform", "DER", "-in", privFile, "-pubout", "-outform", "DER")
	pub, err := ParsePKIXPublicKey(pubDER)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pub, priv[SeedSize:]) {
		t.Fatal("openssl's public key differs from the one derived from its seed")
	}
	if mine, _ := MarshalPKIXPublicKey(pub); !bytes.Equal(mine, pubDER) {
		t.Fatal("SPKI encodings differ")
	}
	// openssl reads ours.
	_, mine, _ := GenerateKey(nil)
	p8, _ := MarshalPKCS8PrivateKey(mine)
	o.File("priv.der", p8)
	pubDER = run("pkey", "-inform", "DER", "-in", privFile, "-pubout", "-outform", "DER")
	if want, _ := MarshalPKIXPublicKey(PublicKey(mine[SeedSize:])); !bytes.Equal(pubDER, want) {
		t.Fatal("openssl derives another public key from our PKCS #8")
	}
	// And verifies our signature on a message read from a file.
	msg := []byte("signed by curvekit, verified by openssl")
	msgFile, sigFile := o.File("msg", msg), o.File("sig", Sign(mine, msg, ""))
	run("pkeyutl", "-verify", "-inkey", privFile, "-keyform", "DER", "-rawin", "-in", msgFile, "-sigfile", sigFile)
}
