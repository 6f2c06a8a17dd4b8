package p256

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	crand "crypto/rand"
	"math/big"
	"testing"
)

// stdKeys returns priv as crypto/ecdsa and crypto/ecdh keys, built from
// the encodings rather than through ToECDSA/ToECDH.
func stdKeys(t *testing.T, priv *PrivateKey) (*ecdsa.PrivateKey, *ecdh.PrivateKey) {
	t.Helper()
	sk, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), priv.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	ek, err := ecdh.P256().NewPrivateKey(priv.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return sk, ek
}

func TestEqualStdKeys(t *testing.T) {
	priv, err := GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pub := priv.PublicKey()
	if !pub.Equal(priv.Public()) {
		t.Error("priv.PublicKey().Equal(priv.Public()) is false")
	}
	sk, ek := stdKeys(t, priv)
	for name, x := range map[string]crypto.PublicKey{
		"*ecdsa.PublicKey":    &sk.PublicKey,
		"*ecdh.PublicKey":     ek.PublicKey(),
		"priv.Public()":       priv.Public(),
		"*PublicKey":          pub,
		"compressed decoding": mustPub(t, pub.BytesCompressed()),
	} {
		if !pub.Equal(x) {
			t.Errorf("PublicKey.Equal(%s) is false", name)
		}
	}
	for name, x := range map[string]crypto.PrivateKey{
		"*ecdsa.PrivateKey": sk,
		"*ecdh.PrivateKey":  ek,
		"*ecdsa.PrivateKey without public point": &ecdsa.PrivateKey{
			PublicKey: ecdsa.PublicKey{Curve: elliptic.P256()}, D: sk.D,
		},
	} {
		if !priv.Equal(x) {
			t.Errorf("PrivateKey.Equal(%s) is false", name)
		}
	}

	// The other direction: keys made by the standard library, converted.
	sk2, err := ecdsa.GenerateKey(elliptic.P256(), crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	fromSK, err := FromECDSA(sk2)
	if err != nil {
		t.Fatal(err)
	}
	if !fromSK.Equal(sk2) || !fromSK.PublicKey().Equal(&sk2.PublicKey) || !fromSK.PublicKey().Equal(sk2.Public()) {
		t.Error("key converted from crypto/ecdsa not equal to its source")
	}
	ek2, err := ecdh.P256().GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	fromEK, err := FromECDH(ek2)
	if err != nil {
		t.Fatal(err)
	}
	if !fromEK.Equal(ek2) || !fromEK.PublicKey().Equal(ek2.PublicKey()) || !fromEK.PublicKey().Equal(ek2.Public()) {
		t.Error("key converted from crypto/ecdh not equal to its source")
	}

	// Different keys of the same kind.
	if priv.Equal(sk2) || priv.Equal(ek2) || pub.Equal(&sk2.PublicKey) || pub.Equal(ek2.PublicKey()) {
		t.Error("different standard-library keys equal")
	}
}

func mustPub(t *testing.T, b []byte) *PublicKey {
	t.Helper()
	p, err := NewPublicKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEqualStdKeysRejects(t *testing.T) {
	priv, err := GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pub := priv.PublicKey()
	sk, _ := stdKeys(t, priv)
	x, y := sk.X, sk.Y
	p := elliptic.P256().Params().P
	n := elliptic.P256().Params().N

	// The same coordinates or scalar bytes on another curve.
	x25519, err := ecdh.X25519().NewPrivateKey(priv.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	p384, err := ecdh.P384().GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	var zeroPub PublicKey
	var zeroPriv PrivateKey

	pubCases := map[string]crypto.PublicKey{
		"nil":                     nil,
		"typed nil *PublicKey":    (*PublicKey)(nil),
		"typed nil *ecdsa":        (*ecdsa.PublicKey)(nil),
		"typed nil *ecdh":         (*ecdh.PublicKey)(nil),
		"zero *PublicKey":         &zeroPub,
		"zero *ecdsa.PublicKey":   &ecdsa.PublicKey{},
		"zero *ecdh.PublicKey":    &ecdh.PublicKey{},
		"ecdsa.PublicKey value":   sk.PublicKey,
		"*ecdsa on P-384":         &ecdsa.PublicKey{Curve: elliptic.P384(), X: x, Y: y},
		"*ecdsa on P-224":         &ecdsa.PublicKey{Curve: elliptic.P224(), X: x, Y: y},
		"*ecdsa nil curve":        &ecdsa.PublicKey{X: x, Y: y},
		"*ecdsa nil X":            &ecdsa.PublicKey{Curve: elliptic.P256(), Y: y},
		"*ecdsa nil Y":            &ecdsa.PublicKey{Curve: elliptic.P256(), X: x},
		"*ecdsa X+p":              &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).Add(x, p), Y: y},
		"*ecdsa Y+p":              &ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: new(big.Int).Add(y, p)},
		"*ecdsa X−2^256":          &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).Sub(x, new(big.Int).Lsh(big.NewInt(1), 256)), Y: y},
		"*ecdsa −Y":               &ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: new(big.Int).Sub(p, y)},
		"*ecdh X25519":            x25519.PublicKey(),
		"*ecdh P-384":             p384.PublicKey(),
		"*ecdsa.PrivateKey":       sk,
		"ecdh private as public":  x25519,
		"[]byte of the same enc.": pub.Bytes(),
	}
	for name, k := range pubCases {
		if pub.Equal(k) {
			t.Errorf("PublicKey.Equal(%s) is true", name)
		}
		if zeroPub.Equal(k) || (*PublicKey)(nil).Equal(k) {
			t.Errorf("invalid PublicKey.Equal(%s) is true", name)
		}
	}

	d := new(big.Int).SetBytes(priv.Bytes())
	withD := func(c elliptic.Curve, d *big.Int) *ecdsa.PrivateKey {
		return &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: c, X: x, Y: y}, D: d}
	}
	other, err := GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	otherSK, _ := stdKeys(t, other)
	privCases := map[string]crypto.PrivateKey{
		"nil":                     nil,
		"typed nil *PrivateKey":   (*PrivateKey)(nil),
		"typed nil *ecdsa":        (*ecdsa.PrivateKey)(nil),
		"typed nil *ecdh":         (*ecdh.PrivateKey)(nil),
		"zero *PrivateKey":        &zeroPriv,
		"zero *ecdsa.PrivateKey":  &ecdsa.PrivateKey{},
		"zero *ecdh.PrivateKey":   &ecdh.PrivateKey{},
		"ecdsa.PrivateKey value":  *sk,
		"*ecdsa on P-384":         withD(elliptic.P384(), d),
		"*ecdsa nil curve":        withD(nil, d),
		"*ecdsa nil D":            withD(elliptic.P256(), nil),
		"*ecdsa D+n":              withD(elliptic.P256(), new(big.Int).Add(d, n)),
		"*ecdsa −D":               withD(elliptic.P256(), new(big.Int).Neg(d)),
		"*ecdsa D−2^256":          withD(elliptic.P256(), new(big.Int).Sub(d, new(big.Int).Lsh(big.NewInt(1), 256))),
		"*ecdsa D, other public":  &ecdsa.PrivateKey{PublicKey: otherSK.PublicKey, D: d},
		"*ecdsa D, X only":        &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P256(), X: x}, D: d},
		"*ecdsa other D, our pub": withD(elliptic.P256(), otherSK.D),
		"*ecdh X25519 same bytes": x25519,
		"*ecdh P-384":             p384,
		"*ecdsa.PublicKey":        &sk.PublicKey,
		"*PublicKey":              pub,
		"[]byte of the scalar":    priv.Bytes(),
	}
	for name, k := range privCases {
		if priv.Equal(k) {
			t.Errorf("PrivateKey.Equal(%s) is true", name)
		}
		if zeroPriv.Equal(k) || (*PrivateKey)(nil).Equal(k) {
			t.Errorf("invalid PrivateKey.Equal(%s) is true", name)
		}
	}
	// The invalid receivers against the valid standard-library keys.
	_, ek := stdKeys(t, priv)
	if zeroPriv.Equal(sk) || zeroPriv.Equal(ek) || (*PrivateKey)(nil).Equal(sk) ||
		zeroPub.Equal(&sk.PublicKey) || zeroPub.Equal(ek.PublicKey()) || (*PublicKey)(nil).Equal(ek.PublicKey()) {
		t.Error("an invalid key equals a valid standard-library key")
	}
}
