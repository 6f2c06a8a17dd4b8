package p384

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha512"
	"crypto/x509"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

func TestAllocs(t *testing.T) {
	if testing.AllocsPerRun(1, func() {}) != 0 {
		t.Skip("allocation counting unavailable")
	}
	if testenv.Race {
		t.Skip("-race allocates")
	}
	k := [48]byte{0: 0x5a, 47: 0x77}
	q := generator
	var p point
	baseTable()
	vtBaseTable()
	priv, _ := NewPrivateKey(k[:])
	pub := priv.PublicKey()
	digest := sha512.Sum384([]byte("allocs"))
	sig, _ := priv.Sign(nil, digest[:], crypto.SHA384)
	for name, f := range map[string]func(){
		"scalarBaseMult": func() { p.scalarBaseMult(&k) },
		"scalarMult":     func() { p.scalarMult(&k, &q) },
		"varTimeDouble":  func() { p.varTimeDoubleScalarBaseMult(&k, &k, &q) },
		"VerifyASN1":     func() { VerifyASN1(pub, digest[:], sig) },
	} {
		if n := testing.AllocsPerRun(10, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

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

func FuzzNewPublicKey(f *testing.F) {
	enc, _ := generator.bytes()
	f.Add(enc[:])
	f.Add(append([]byte{2}, enc[1:49]...))
	f.Add(append([]byte{3}, enc[1:49]...))
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		pub, err := NewPublicKey(b)
		var stdOK bool
		switch len(b) {
		case 97:
			_, perr := ecdh.P384().NewPublicKey(b)
			stdOK = perr == nil
		case 49:
			x, _ := elliptic.UnmarshalCompressed(elliptic.P384(), b)
			stdOK = x != nil
		}
		if (err == nil) != stdOK {
			t.Fatalf("NewPublicKey(%x): %v; the standard library's ok = %v", b, err, stdOK)
		}
		if err == nil && len(b) == 97 && !bytes.Equal(pub.Bytes(), b) {
			t.Fatalf("round trip %x → %x", b, pub.Bytes())
		}
		if err == nil && len(b) == 49 && !bytes.Equal(pub.BytesCompressed(), b) {
			t.Fatalf("round trip %x → %x", b, pub.BytesCompressed())
		}
	})
}

// FuzzVerifyASN1 compares verification with crypto/ecdsa's on mutated
// signatures of a fixed key.
func FuzzVerifyASN1(f *testing.F) {
	priv, _ := NewPrivateKey(unhexF(rfc6979Key))
	sk, _ := priv.ToECDSA()
	digest := sha512.Sum384([]byte("sample"))
	sig, _ := priv.Sign(nil, digest[:], crypto.SHA384)
	f.Add(sig)
	f.Add(sig[:len(sig)-1])
	f.Fuzz(func(t *testing.T, sig []byte) {
		if got, want := VerifyASN1(priv.PublicKey(), digest[:], sig), ecdsa.VerifyASN1(&sk.PublicKey, digest[:], sig); got != want {
			t.Fatalf("VerifyASN1(%x) = %v, crypto/ecdsa %v", sig, got, want)
		}
	})
}

// FuzzECDH compares key generation from fuzzed scalars and the shared
// secret with crypto/ecdh.
func FuzzECDH(f *testing.F) {
	f.Add(unhexF(rfc6979Key))
	f.Add(orderBytes[:])
	peerStd, _ := ecdh.P384().NewPrivateKey(unhexF(rfc6979Key))
	peer, _ := NewPublicKey(peerStd.PublicKey().Bytes())
	f.Fuzz(func(t *testing.T, d []byte) {
		priv, err := NewPrivateKey(d)
		std, serr := ecdh.P384().NewPrivateKey(d)
		if (err == nil) != (serr == nil) {
			t.Fatalf("NewPrivateKey(%x): %v, crypto/ecdh %v", d, err, serr)
		}
		if err != nil {
			return
		}
		got, err := priv.ECDH(peer)
		want, _ := std.ECDH(peerStd.PublicKey())
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("ECDH(%x) = %x (%v), crypto/ecdh %x", d, got, err, want)
		}
	})
}

func unhexF(s string) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		b[i] = unhex(s[2*i])<<4 | unhex(s[2*i+1])
	}
	return b
}
