package p384

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"testing"
)

// TestPKIXAgainstX509 checks the key encodings byte for byte against
// crypto/x509 and parses crypto/x509's output.
func TestPKIXAgainstX509(t *testing.T) {
	for range 4 {
		priv, err := GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		sk, _ := priv.ToECDSA()
		stdSPKI, _ := x509.MarshalPKIXPublicKey(&sk.PublicKey)
		stdPKCS8, _ := x509.MarshalPKCS8PrivateKey(sk)
		stdSEC1, _ := x509.MarshalECPrivateKey(sk)
		for _, c := range []struct {
			name      string
			got       func() ([]byte, error)
			want      []byte
			parseBack func([]byte) bool
		}{
			{"PKIX", func() ([]byte, error) { return MarshalPKIXPublicKey(priv.PublicKey()) }, stdSPKI,
				func(b []byte) bool { p, err := ParsePKIXPublicKey(b); return err == nil && p.Equal(priv.PublicKey()) }},
			{"PKCS8", func() ([]byte, error) { return MarshalPKCS8PrivateKey(priv) }, stdPKCS8,
				func(b []byte) bool { p, err := ParsePKCS8PrivateKey(b); return err == nil && p.Equal(priv) }},
			{"SEC1", func() ([]byte, error) { return MarshalSEC1PrivateKey(priv) }, stdSEC1,
				func(b []byte) bool { p, err := ParseSEC1PrivateKey(b); return err == nil && p.Equal(priv) }},
		} {
			got, err := c.got()
			if err != nil || !bytes.Equal(got, c.want) {
				t.Errorf("%s: %x (%v), crypto/x509 %x", c.name, got, err, c.want)
			}
			if !c.parseBack(c.want) {
				t.Errorf("%s: crypto/x509's encoding does not parse back", c.name)
			}
		}
		if _, err := ParsePKIXPublicKey(mustPKIX(t, elliptic.P256())); err == nil {
			t.Error("a P-256 key parsed as P-384")
		}
	}
}

func mustPKIX(t *testing.T, c elliptic.Curve) []byte {
	k, err := ecdsa.GenerateKey(c, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	b, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
