package ed25519

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/sha3"
	"crypto/sha512"
	"math/big"
	"testing"
	"time"
)

func TestTorHSBlinding(t *testing.T) {
	var file struct {
		Vectors []struct {
			IdentityPublicKey         string `json:"identity_public_key"`
			IdentityExpandedSecretKey string `json:"identity_expanded_secret_key"`
			TimeUTC                   string `json:"time_utc"`
			PeriodLength              uint64 `json:"time_period_length_minutes"`
			PeriodNum                 uint64 `json:"time_period_num"`
			OptionalSecret            string `json:"optional_secret"`
			H                         string `json:"blinding_param_h"`
			BlindedPublicKey          string `json:"blinded_public_key"`
			BlindedExpandedSecretKey  string `json:"blinded_expanded_secret_key"`
			Subcredential             string
		}
	}
	readJSON(t, "testdata/tor/hs_blinding.json", &file)
	if len(file.Vectors) != 1 {
		t.Fatal("want one vector")
	}
	v := file.Vectors[0]
	when, err := time.Parse(time.RFC3339, v.TimeUTC)
	if err != nil {
		t.Fatal(err)
	}
	n, err := TorTimePeriod(when, v.PeriodLength)
	if err != nil || n != v.PeriodNum {
		t.Fatalf("TorTimePeriod = %d (%v), want %d", n, err, v.PeriodNum)
	}
	pub := mustHex(t, v.IdentityPublicKey)
	h := TorBlindingFactor(pub, mustHex(t, v.OptionalSecret), n, v.PeriodLength)
	if !bytes.Equal(h, mustHex(t, v.H)) {
		t.Fatalf("h = %x", h)
	}
	bp, err := BlindPublicKey(pub, h)
	if err != nil || !bytes.Equal(bp, mustHex(t, v.BlindedPublicKey)) {
		t.Errorf("BlindPublicKey = %x (%v)", bp, err)
	}
	e, err := NewExpandedPrivateKey(mustHex(t, v.IdentityExpandedSecretKey))
	if err != nil || !bytes.Equal(e.PublicKey(), pub) {
		t.Fatalf("identity key: %v", err)
	}
	be, _ := e.Blind(h)
	if !bytes.Equal(be.Bytes(), mustHex(t, v.BlindedExpandedSecretKey)) {
		t.Errorf("Blind = %x", be.Bytes())
	}
	cred := sha3.Sum256(append([]byte("credential"), pub...))
	sub := sha3.Sum256(append(append([]byte("subcredential"), cred[:]...), bp...))
	if !bytes.Equal(sub[:], mustHex(t, v.Subcredential)) {
		t.Errorf("subcredential = %x", sub)
	}

	for _, bad := range []struct {
		t time.Time
		n uint64
	}{{time.Unix(0, 0), 1440}, {time.Unix(11*3600, 0), 1440}, {when, 0}, {time.Unix(-100000, 0), 1440}} {
		if _, err := TorTimePeriod(bad.t, bad.n); err == nil {
			t.Errorf("TorTimePeriod(%v, %d) succeeded", bad.t, bad.n)
		}
	}
	if n, err := TorTimePeriod(time.Unix(12*3600, 0), 1440); err != nil || n != 0 {
		t.Errorf("first period: %d %v", n, err)
	}
}

// x25519Base is X25519(k, 9) from crypto/ecdh, an implementation
// independent of this module's.
func x25519Base(k []byte) ([]byte, error) {
	priv, err := ecdh.X25519().NewPrivateKey(k)
	if err != nil {
		return nil, err
	}
	return priv.PublicKey().Bytes(), nil
}

func TestX25519Conversions(t *testing.T) {
	for i := 0; i < 32; i++ {
		pub, priv, _ := GenerateKey(nil)
		x, err := PrivateKeyToX25519(priv)
		if err != nil {
			t.Fatal(err)
		}
		u, err := PublicKeyToX25519(pub)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := x25519Base(x); !bytes.Equal(u, want) {
			t.Fatalf("u(A) = %x, X25519(x, 9) = %x", u, want)
		}
		back, err := PublicKeyFromX25519(u, int(pub[31]>>7))
		if err != nil || !bytes.Equal(back, pub) {
			t.Fatalf("round trip: %x (%v)", back, err)
		}
		// The other sign gives −A.
		neg, err := PublicKeyFromX25519(u, int(pub[31]>>7)^1)
		if err != nil || bytes.Equal(neg, pub) || !bytes.Equal(neg[:31], pub[:31]) {
			t.Fatalf("other sign: %x (%v)", neg, err)
		}

		// The issuing side: curve25519 secret → Ed25519 expanded key + sign.
		secret := make([]byte, 32)
		rand.Read(secret)
		e, sign, err := NewExpandedPrivateKeyFromX25519(secret)
		if err != nil {
			t.Fatal(err)
		}
		cu, _ := x25519Base(secret)
		if edPub, err := PublicKeyFromX25519(cu, sign); err != nil || !bytes.Equal(edPub, e.PublicKey()) {
			t.Fatalf("cross-certificate key does not round trip: %v", err)
		}
		clamped := bytes.Clone(secret)
		clamped[0] &= 248
		clamped[31] &= 63
		clamped[31] |= 64
		hi := sha512.Sum512(append(bytes.Clone(clamped), "Derive high part of ed25519 key from curve25519 key\x00"...))
		if !bytes.Equal(e.Bytes(), append(clamped, hi[:32]...)) {
			t.Fatal("expanded key bytes")
		}
		msg := []byte("ntor-onion-key-crosscert")
		sig, _ := e.Sign(nil, msg, crypto.Hash(0))
		if !stdVerify(e.PublicKey(), msg, sig, &stded25519.Options{}) {
			t.Fatal("cross-certificate signature rejected by crypto/ed25519")
		}
	}

	// Exceptional inputs.
	pMinus1 := bigToLE32(new(big.Int).Sub(bigP, big.NewInt(1)))
	if _, err := PublicKeyFromX25519(pMinus1, 0); err == nil {
		t.Error("u = −1 accepted")
	}
	if _, err := PublicKeyFromX25519(twistU(), 0); err == nil {
		t.Error("twist u accepted")
	}
	if k, err := PublicKeyFromX25519(make([]byte, 32), 0); err != nil || !bytes.Equal(k, encOrder2) {
		t.Errorf("u = 0: %x (%v)", k, err)
	}
	if _, err := PublicKeyFromX25519(make([]byte, 32), 1); err == nil {
		t.Error("u = 0 with sign 1 accepted")
	}
	if _, err := PublicKeyFromX25519(make([]byte, 31), 0); err == nil {
		t.Error("short u accepted")
	}
	if _, err := PublicKeyFromX25519(make([]byte, 32), 2); err == nil {
		t.Error("sign 2 accepted")
	}
	B := newGeneratorPoint().Bytes()
	nine := bigToLE32(big.NewInt(9))
	for _, u := range [][]byte{nine, bigToLE32(new(big.Int).Add(bigP, big.NewInt(9))), func() []byte { b := bytes.Clone(nine); b[31] |= 0x80; return b }()} {
		if k, err := PublicKeyFromX25519(u, int(B[31]>>7)); err != nil || !bytes.Equal(k, B) {
			t.Errorf("u = %x: %x (%v), want the basepoint", u, k, err)
		}
	}
	for _, enc := range append(smallOrderEncodings[:], [32]byte(encIdentityPPlus1)) {
		if _, err := PublicKeyToX25519(enc[:]); err == nil {
			t.Errorf("small-order key %x converted", enc)
		}
	}
	if _, err := PublicKeyToX25519(notAPoint(t)); err == nil {
		t.Error("non-point converted")
	}
	if _, err := PublicKeyToX25519(make([]byte, 31)); err == nil {
		t.Error("short key converted")
	}
	if _, err := SeedToX25519(make([]byte, 31)); err == nil {
		t.Error("short seed converted")
	}
	if _, err := PrivateKeyToX25519(make([]byte, 63)); err == nil {
		t.Error("short private key converted")
	}
	if _, _, err := NewExpandedPrivateKeyFromX25519(make([]byte, 31)); err == nil {
		t.Error("short X25519 secret accepted")
	}
}

// twistU returns a u that is not on Curve25519 (u³ + 486662u² + u is not a
// square mod p), found with math/big.
func twistU() []byte {
	exp := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 1)
	for u := int64(2); ; u++ {
		U := big.NewInt(u)
		rhs := new(big.Int).Mul(U, U)
		rhs.Mul(rhs, U)
		rhs.Add(rhs, new(big.Int).Mul(big.NewInt(486662), new(big.Int).Mul(U, U)))
		rhs.Add(rhs, U)
		rhs.Mod(rhs, bigP)
		if new(big.Int).Exp(rhs, exp, bigP).Cmp(big.NewInt(1)) != 0 {
			return bigToLE32(U)
		}
	}
}
