package p256_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"time"

	"github.com/curvekit/curvekit/p256"
)

func Example() {
	priv, err := p256.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	digest := sha256.Sum256([]byte("hello, world"))
	sig, err := p256.SignASN1(rand.Reader, priv, digest[:])
	if err != nil {
		panic(err)
	}
	fmt.Println(p256.VerifyASN1(priv.PublicKey(), digest[:], sig))
	// Output: true
}

func ExamplePrivateKey_ECDH() {
	alice, _ := p256.GenerateKey(rand.Reader)
	bob, _ := p256.GenerateKey(rand.Reader)
	// Bob receives Alice's key compressed; crypto/ecdh would refuse it.
	alicePub, err := p256.NewPublicKey(alice.PublicKey().BytesCompressed())
	if err != nil {
		panic(err)
	}
	s1, _ := alice.ECDH(bob.PublicKey())
	s2, _ := bob.ECDH(alicePub)
	fmt.Println(len(s1), bytes.Equal(s1, s2))
	// Output: 32 true
}

func ExamplePrivateKey_Sign() {
	d := bytes.Repeat([]byte{1}, 32)
	priv, _ := p256.NewPrivateKey(d)
	digest := sha256.Sum256([]byte("sample"))
	// A nil reader: deterministic RFC 6979 signatures.
	sig1, _ := priv.Sign(nil, digest[:], crypto.SHA256)
	sig2, _ := priv.Sign(nil, digest[:], crypto.SHA256)
	fmt.Println(bytes.Equal(sig1, sig2))
	// Output: true
}

func ExampleVerifyP1363() {
	priv, _ := p256.GenerateKey(rand.Reader)
	digest := sha256.Sum256([]byte("message"))
	sig, _ := p256.SignP1363(rand.Reader, priv, digest[:])
	fmt.Println(len(sig), p256.VerifyP1363(priv.PublicKey(), digest[:], sig))
	// Output: 64 true
}

func ExampleNormalizeLowS() {
	priv, _ := p256.GenerateKey(rand.Reader)
	digest := sha256.Sum256([]byte("message"))
	sig, _ := p256.SignASN1(rand.Reader, priv, digest[:])
	low, _ := p256.NormalizeLowS(sig)
	fmt.Println(p256.VerifyASN1LowS(priv.PublicKey(), digest[:], low))
	// Output: true
}

// A *PrivateKey is a crypto.Signer that crypto/x509 accepts.
func ExamplePrivateKey_Public() {
	priv, _ := p256.GenerateKey(rand.Reader)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "example"},
		NotBefore:    time.Now(),
		NotAfter:     time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, priv.Public(), priv)
	if err != nil {
		panic(err)
	}
	cert, _ := x509.ParseCertificate(der)
	fmt.Println(cert.SignatureAlgorithm, cert.CheckSignature(cert.SignatureAlgorithm, cert.RawTBSCertificate, cert.Signature) == nil)
	// Output: ECDSA-SHA256 true
}

func ExamplePrivateKey_ToECDSA() {
	priv, _ := p256.GenerateKey(rand.Reader)
	sk, _ := priv.ToECDSA()
	der, _ := x509.MarshalPKCS8PrivateKey(sk)
	parsed, _ := x509.ParsePKCS8PrivateKey(der)
	back, _ := p256.FromECDSA(parsed.(*ecdsa.PrivateKey))
	fmt.Println(back.Equal(priv))
	// Output: true
}
