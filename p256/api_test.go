package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	crand "crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"testing"
	"time"
)

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("broken") }

// shortReader returns n bytes, then EOF.
type shortReader struct{ n int }

func (s *shortReader) Read(p []byte) (int, error) {
	if s.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), s.n)
	for i := range p[:k] {
		p[i] = 0x42
	}
	s.n -= k
	return k, nil
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestFailClosed(t *testing.T) {
	digest := make([]byte, 32)
	var zpriv PrivateKey
	var zpub PublicKey
	var npriv *PrivateKey
	var npub *PublicKey
	good, err := GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	sig, _ := SignASN1(crand.Reader, good, digest)
	for name, priv := range map[string]*PrivateKey{"zero": &zpriv, "nil": npriv} {
		if _, err := SignASN1(crand.Reader, priv, digest); err == nil {
			t.Errorf("%s: SignASN1 succeeded", name)
		}
		if _, err := SignP1363(crand.Reader, priv, digest); err == nil {
			t.Errorf("%s: SignP1363 succeeded", name)
		}
		if _, err := priv.Sign(nil, digest, crypto.SHA256); err == nil {
			t.Errorf("%s: Sign succeeded", name)
		}
		if _, err := SignDeterministic(priv, crypto.SHA256, digest); err == nil {
			t.Errorf("%s: SignDeterministic succeeded", name)
		}
		if _, err := priv.ECDH(good.PublicKey()); err == nil {
			t.Errorf("%s: ECDH succeeded", name)
		}
		if priv.Bytes() != nil || priv.PublicKey() != nil || priv.Public() != nil {
			t.Errorf("%s: key material returned", name)
		}
		if priv.Equal(priv) || priv.Equal(good) || good.Equal(priv) {
			t.Errorf("%s: Equal true", name)
		}
		if _, err := priv.ToECDSA(); err == nil {
			t.Errorf("%s: ToECDSA succeeded", name)
		}
		if _, err := priv.ToECDH(); err == nil {
			t.Errorf("%s: ToECDH succeeded", name)
		}
	}
	for name, pub := range map[string]*PublicKey{"zero": &zpub, "nil": npub} {
		if VerifyASN1(pub, digest, sig) || VerifyASN1LowS(pub, digest, sig) || VerifyP1363(pub, digest, make([]byte, 64)) {
			t.Errorf("%s: verified", name)
		}
		if _, err := good.ECDH(pub); err == nil {
			t.Errorf("%s: ECDH with it succeeded", name)
		}
		if pub.Bytes() != nil || pub.BytesCompressed() != nil {
			t.Errorf("%s: encoding returned", name)
		}
		if pub.Equal(pub) || good.PublicKey().Equal(pub) {
			t.Errorf("%s: Equal true", name)
		}
		if _, err := pub.ToECDSA(); err == nil {
			t.Errorf("%s: ToECDSA succeeded", name)
		}
		if _, err := pub.ToECDH(); err == nil {
			t.Errorf("%s: ToECDH succeeded", name)
		}
	}
	// Readers: failing, short. Nothing is generated or signed.
	for name, r := range map[string]io.Reader{"error": errReader{}, "short": &shortReader{n: 31}} {
		if _, err := GenerateKey(r); err == nil {
			t.Errorf("GenerateKey with %s reader succeeded", name)
		}
	}
	for name, r := range map[string]func() io.Reader{
		"error": func() io.Reader { return errReader{} },
		"short": func() io.Reader { return &shortReader{n: 31} },
	} {
		if _, err := SignASN1(r(), good, digest); err == nil {
			t.Errorf("SignASN1 with %s reader succeeded", name)
		}
		if _, err := SignP1363(r(), good, digest); err == nil {
			t.Errorf("SignP1363 with %s reader succeeded", name)
		}
		{
			if _, err := good.Sign(r(), digest, crypto.SHA256); err == nil {
				t.Errorf("Sign with %s reader succeeded", name)
			}
		}
	}
	// A reader of zeros gives 0, which is rejected every time.
	if _, err := GenerateKey(zeroReader{}); err == nil {
		t.Error("GenerateKey with zero reader succeeded")
	}
	// Interop conversions of nil and foreign keys.
	if _, err := FromECDSA(nil); err == nil {
		t.Error("FromECDSA(nil)")
	}
	if _, err := FromECDSAPublicKey(nil); err == nil {
		t.Error("FromECDSAPublicKey(nil)")
	}
	if _, err := FromECDSA(&ecdsa.PrivateKey{}); err == nil {
		t.Error("FromECDSA(zero)")
	}
	if _, err := FromECDSAPublicKey(&ecdsa.PublicKey{}); err == nil {
		t.Error("FromECDSAPublicKey(zero)")
	}
	if _, err := FromECDH(nil); err == nil {
		t.Error("FromECDH(nil)")
	}
	if _, err := FromECDHPublicKey(nil); err == nil {
		t.Error("FromECDHPublicKey(nil)")
	}
	k384, _ := ecdsa.GenerateKey(elliptic.P384(), crand.Reader)
	if _, err := FromECDSA(k384); err == nil {
		t.Error("FromECDSA(P-384 key)")
	}
	x, _ := ecdh.X25519().GenerateKey(crand.Reader)
	if _, err := FromECDH(x); err == nil {
		t.Error("FromECDH(X25519 key)")
	}
	if _, err := FromECDHPublicKey(x.PublicKey()); err == nil {
		t.Error("FromECDHPublicKey(X25519 key)")
	}
	// A mismatched ecdsa key: D of one, point of another.
	sk, _ := good.ToECDSA()
	other, _ := GenerateKey(crand.Reader)
	opk, _ := other.PublicKey().ToECDSA()
	sk.PublicKey = *opk
	if _, err := FromECDSA(sk); err == nil {
		t.Error("FromECDSA accepted a mismatched key")
	}
	//lint:ignore SA1019 a key built from big.Int coordinates is what FromECDSAPublicKey must refuse.
	bad := &ecdsa.PublicKey{Curve: elliptic.P256(), X: big.NewInt(1), Y: big.NewInt(1)}
	if _, err := FromECDSAPublicKey(bad); err == nil {
		t.Error("FromECDSAPublicKey accepted an off-curve point")
	}
}

func TestKeys(t *testing.T) {
	priv, err := GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	again, err := NewPrivateKey(priv.Bytes())
	if err != nil || !again.Equal(priv) || !priv.PublicKey().Equal(again.PublicKey()) {
		t.Fatal("NewPrivateKey(Bytes()) differs")
	}
	if len(priv.Bytes()) != 32 || len(priv.PublicKey().Bytes()) != 65 || len(priv.PublicKey().BytesCompressed()) != 33 {
		t.Fatal("encoding lengths")
	}
	pc, err := NewPublicKey(priv.PublicKey().BytesCompressed())
	if err != nil || !pc.Equal(priv.PublicKey()) {
		t.Fatal("compressed round trip")
	}
	other, _ := GenerateKey(crand.Reader)
	if other.Equal(priv) || other.PublicKey().Equal(priv.PublicKey()) {
		t.Fatal("different keys equal")
	}
	if !priv.PublicKey().Equal(priv.Public()) {
		t.Fatal("*PublicKey not equal to its own *ecdsa.PublicKey")
	}
	// Bytes returns copies.
	priv.Bytes()[0] ^= 1
	priv.PublicKey().Bytes()[1] ^= 1
	if !again.Equal(priv) || !again.PublicKey().Equal(priv.PublicKey()) {
		t.Fatal("Bytes aliases the key")
	}
	for _, l := range []int{0, 31, 33} {
		if _, err := NewPrivateKey(make([]byte, l)); err == nil {
			t.Errorf("NewPrivateKey of %d bytes", l)
		}
	}
	// Deterministic readers give deterministic keys and signatures
	// (crypto/ecdsa would ignore them in Go 1.26).
	k1, _ := GenerateKey(bytes.NewReader(bytes.Repeat([]byte{7}, 32)))
	k2, _ := GenerateKey(bytes.NewReader(bytes.Repeat([]byte{7}, 32)))
	if !k1.Equal(k2) {
		t.Fatal("GenerateKey ignores its reader")
	}
	d := sha256.Sum256([]byte("hedged"))
	s1, _ := SignASN1(bytes.NewReader(make([]byte, 32)), k1, d[:])
	s2, _ := SignASN1(bytes.NewReader(make([]byte, 32)), k1, d[:])
	s3, _ := SignASN1(bytes.NewReader(bytes.Repeat([]byte{1}, 32)), k1, d[:])
	if !bytes.Equal(s1, s2) || bytes.Equal(s1, s3) {
		t.Fatal("SignASN1 does not use its reader")
	}
	det, _ := k1.Sign(nil, d[:], crypto.SHA256)
	if bytes.Equal(det, s1) {
		t.Fatal("hedged signature equals the deterministic one")
	}
	p, err := SignP1363(crand.Reader, k1, d[:])
	if err != nil || len(p) != 64 || !VerifyP1363(k1.PublicKey(), d[:], p) {
		t.Fatal("P1363 round trip")
	}
}

func TestInterop(t *testing.T) {
	priv, _ := GenerateKey(crand.Reader)
	sk, err := priv.ToECDSA()
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromECDSA(sk)
	if err != nil || !back.Equal(priv) {
		t.Fatal("ecdsa round trip")
	}
	pk, _ := priv.PublicKey().ToECDSA()
	if !pk.Equal(priv.Public()) || !pk.Equal(&sk.PublicKey) {
		t.Fatal("ecdsa public keys differ")
	}
	bp, err := FromECDSAPublicKey(pk)
	if err != nil || !bp.Equal(priv.PublicKey()) {
		t.Fatal("ecdsa public round trip")
	}
	ek, err := priv.ToECDH()
	if err != nil {
		t.Fatal(err)
	}
	eb, err := FromECDH(ek)
	if err != nil || !eb.Equal(priv) {
		t.Fatal("ecdh round trip")
	}
	epk, _ := priv.PublicKey().ToECDH()
	if !epk.Equal(ek.PublicKey()) {
		t.Fatal("ecdh public keys differ")
	}
	ebp, err := FromECDHPublicKey(epk)
	if err != nil || !ebp.Equal(priv.PublicKey()) {
		t.Fatal("ecdh public round trip")
	}
}

func TestX509(t *testing.T) {
	priv, _ := GenerateKey(crand.Reader)
	sk, _ := priv.ToECDSA()
	der, err := x509.MarshalPKCS8PrivateKey(sk)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		t.Fatal(err)
	}
	if k, err := fromStdPrivate(parsed); err != nil || !k.Equal(priv) {
		t.Fatal("PKCS #8 round trip")
	}
	spki, err := x509.MarshalPKIXPublicKey(priv.Public())
	if err != nil {
		t.Fatal(err)
	}
	if p, err := ParsePKIXPublicKey(spki); err != nil || !p.Equal(priv.PublicKey()) {
		t.Fatal("SPKI round trip")
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "curvekit p256"},
		NotBefore:             time.Unix(1_700_000_000, 0),
		NotAfter:              time.Unix(1_900_000_000, 0),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	certDER, err := x509.CreateCertificate(crand.Reader, tmpl, tmpl, priv.Public(), priv)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(certDER)
	if err != nil {
		t.Fatal(err)
	}
	if err := cert.CheckSignatureFrom(cert); err != nil {
		t.Fatal(err)
	}
	if cert.SignatureAlgorithm != x509.ECDSAWithSHA256 {
		t.Fatalf("signature algorithm %v", cert.SignatureAlgorithm)
	}
	// And our verifier accepts the certificate's signature.
	h := sha256.Sum256(cert.RawTBSCertificate)
	if !VerifyASN1(priv.PublicKey(), h[:], cert.Signature) {
		t.Fatal("VerifyASN1 rejects the certificate signature")
	}
}

func TestDERParser(t *testing.T) {
	one := [32]byte{31: 1}
	valid := encodeDER(&one, &one) // 30 06 02 01 01 02 01 01
	if r, s, ok := parseDER(valid); !ok || r != one || s != one {
		t.Fatal("minimal signature")
	}
	bad := map[string][]byte{
		"empty":             {},
		"trailing":          append(append([]byte{}, valid...), 0),
		"long-form length":  {0x30, 0x81, 0x06, 2, 1, 1, 2, 1, 1},
		"zero-led length":   {0x30, 0x82, 0x00, 0x06, 2, 1, 1, 2, 1, 1},
		"indefinite":        {0x30, 0x80, 2, 1, 1, 2, 1, 1, 0, 0},
		"negative r":        {0x30, 0x06, 2, 1, 0x81, 2, 1, 1},
		"padded r":          {0x30, 0x07, 2, 2, 0, 1, 2, 1, 1},
		"empty r":           {0x30, 0x05, 2, 0, 2, 1, 1},
		"wrong tag":         {0x31, 0x06, 2, 1, 1, 2, 1, 1},
		"r as OCTET STRING": {0x30, 0x06, 4, 1, 1, 2, 1, 1},
		"extra element":     {0x30, 0x09, 2, 1, 1, 2, 1, 1, 2, 1, 1},
		"missing s":         {0x30, 0x03, 2, 1, 1},
		"length too long":   {0x30, 0x07, 2, 1, 1, 2, 1, 1},
		"33-byte r":         append([]byte{0x30, 0x26, 2, 0x21, 1}, append(make([]byte, 32), 2, 1, 1)...),
		"huge length":       {0x30, 0x84, 0xff, 0xff, 0xff, 0xff, 2, 1, 1},
	}
	for name, b := range bad {
		if _, _, ok := parseDER(b); ok {
			t.Errorf("%s: parsed", name)
		}
	}
	// 0x00-padded positive r with the top bit set is the minimal form.
	hi := [32]byte{0: 0x80}
	if _, _, ok := parseDER(encodeDER(&hi, &one)); !ok {
		t.Error("r with top bit set")
	}
}

// TestNilRandIsCryptoRand: a nil reader means crypto/rand.Reader, as in the
// other curvekit packages and Go's crypto/ecdsa: keys and hedged signatures
// are random (two calls differ) and valid.
func TestNilRandIsCryptoRand(t *testing.T) {
	k1, err1 := GenerateKey(nil)
	k2, err2 := GenerateKey(nil)
	if err1 != nil || err2 != nil || k1.Equal(k2) {
		t.Fatalf("GenerateKey(nil): %v %v, equal keys %v", err1, err2, err1 == nil && err2 == nil && k1.Equal(k2))
	}
	digest := make([]byte, 32)
	s1, err1 := SignASN1(nil, k1, digest)
	s2, err2 := SignASN1(nil, k1, digest)
	if err1 != nil || err2 != nil || bytes.Equal(s1, s2) || !VerifyASN1(k1.PublicKey(), digest, s1) {
		t.Fatalf("SignASN1(nil): %v %v, equal %v", err1, err2, bytes.Equal(s1, s2))
	}
	p1, err := SignP1363(nil, k1, digest)
	if err != nil || !VerifyP1363(k1.PublicKey(), digest, p1) {
		t.Fatalf("SignP1363(nil): %v", err)
	}
}
