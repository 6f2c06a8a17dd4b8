package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/x509"
	"testing"
)

// TestToFromECDH converts keys both ways and checks that the two types
// compute the same shared secrets and compare equal across.
func TestToFromECDH(t *testing.T) {
	for range 5 {
		ours, err := GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		std, err := ours.ToECDH()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(std.Bytes(), ours.Bytes()) || !bytes.Equal(std.PublicKey().Bytes(), ours.PublicKey().Bytes()) {
			t.Fatal("ToECDH changed the key")
		}
		if !ours.Equal(std) || !ours.PublicKey().Equal(std.PublicKey()) {
			t.Fatal("Equal is false against the same crypto/ecdh key")
		}
		stdPub, err := ours.PublicKey().ToECDH()
		if err != nil || !stdPub.Equal(std.PublicKey()) {
			t.Fatalf("PublicKey.ToECDH: %v", err)
		}
		peer, err := ecdh.X25519().GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		back, err := FromECDH(peer)
		if err != nil || !back.Equal(peer) || !bytes.Equal(back.Bytes(), peer.Bytes()) {
			t.Fatalf("FromECDH: %v", err)
		}
		backPub, err := FromECDHPublicKey(peer.PublicKey())
		if err != nil || !backPub.Equal(peer.PublicKey()) || !backPub.Equal(back.PublicKey()) {
			t.Fatalf("FromECDHPublicKey: %v", err)
		}
		s1, err1 := ours.ECDH(backPub)
		s2, err2 := peer.ECDH(stdPub)
		s3, err3 := std.ECDH(peer.PublicKey())
		if err1 != nil || err2 != nil || err3 != nil || !bytes.Equal(s1, s2) || !bytes.Equal(s1, s3) {
			t.Fatalf("shared secrets differ: %x %x %x (%v %v %v)", s1, s2, s3, err1, err2, err3)
		}
		if ours.Equal(peer) || ours.PublicKey().Equal(peer.PublicKey()) {
			t.Fatal("Equal is true against a different crypto/ecdh key")
		}
	}
}

// TestECDHConversionRefusals checks nil, zero-value and wrong-curve keys.
func TestECDHConversionRefusals(t *testing.T) {
	p256, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if k, err := FromECDH(p256); err == nil || k != nil {
		t.Error("FromECDH accepted a P-256 key")
	}
	if k, err := FromECDHPublicKey(p256.PublicKey()); err == nil || k != nil {
		t.Error("FromECDHPublicKey accepted a P-256 key")
	}
	if k, err := FromECDH(nil); err == nil || k != nil {
		t.Error("FromECDH(nil) succeeded")
	}
	if k, err := FromECDHPublicKey(nil); err == nil || k != nil {
		t.Error("FromECDHPublicKey(nil) succeeded")
	}
	if k, err := FromECDH(new(ecdh.PrivateKey)); err == nil || k != nil {
		t.Error("FromECDH accepted a zero-value key")
	}
	if k, err := FromECDHPublicKey(new(ecdh.PublicKey)); err == nil || k != nil {
		t.Error("FromECDHPublicKey accepted a zero-value key")
	}
	var nilPriv *PrivateKey
	var nilPub *PublicKey
	if k, err := nilPriv.ToECDH(); err == nil || k != nil {
		t.Error("nil PrivateKey.ToECDH succeeded")
	}
	if k, err := new(PrivateKey).ToECDH(); err == nil || k != nil {
		t.Error("zero-value PrivateKey.ToECDH succeeded")
	}
	if k, err := nilPub.ToECDH(); err == nil || k != nil {
		t.Error("nil PublicKey.ToECDH succeeded")
	}
	if k, err := new(PublicKey).ToECDH(); err == nil || k != nil {
		t.Error("zero-value PublicKey.ToECDH succeeded")
	}
	// A P-256 key never equals an X25519 key, whatever its bytes; nil and
	// zero-value crypto/ecdh keys equal nothing.
	ours, _ := GenerateKey(rand.Reader)
	var nilStd *ecdh.PrivateKey
	var nilStdPub *ecdh.PublicKey
	for _, x := range []any{p256, nilStd, new(ecdh.PrivateKey), nil} {
		if ours.Equal(x) || nilPriv.Equal(x) || new(PrivateKey).Equal(x) {
			t.Errorf("PrivateKey.Equal(%T) is true", x)
		}
	}
	for _, x := range []any{p256.PublicKey(), nilStdPub, new(ecdh.PublicKey), nil} {
		if ours.PublicKey().Equal(x) || nilPub.Equal(x) || new(PublicKey).Equal(x) {
			t.Errorf("PublicKey.Equal(%T) is true", x)
		}
	}
}

// TestPKIXMatchesX509 checks the encodings against crypto/x509's for the
// same keys, both ways.
func TestPKIXMatchesX509(t *testing.T) {
	for range 5 {
		ours, _ := GenerateKey(rand.Reader)
		std, _ := ours.ToECDH()
		p8, err := MarshalPKCS8PrivateKey(ours)
		if err != nil {
			t.Fatal(err)
		}
		stdP8, err := x509.MarshalPKCS8PrivateKey(std)
		if err != nil || !bytes.Equal(p8, stdP8) {
			t.Fatalf("PKCS #8 differs from crypto/x509's (%v):\n%x\n%x", err, p8, stdP8)
		}
		spki, _ := MarshalPKIXPublicKey(ours.PublicKey())
		stdSPKI, err := x509.MarshalPKIXPublicKey(std.PublicKey())
		if err != nil || !bytes.Equal(spki, stdSPKI) {
			t.Fatalf("PKIX differs from crypto/x509's (%v):\n%x\n%x", err, spki, stdSPKI)
		}
		k, err := x509.ParsePKCS8PrivateKey(p8)
		if err != nil || !ours.Equal(k) {
			t.Fatalf("crypto/x509 reads our PKCS #8 as %T (%v)", k, err)
		}
		pk, err := x509.ParsePKIXPublicKey(spki)
		if err != nil || !ours.PublicKey().Equal(pk) {
			t.Fatalf("crypto/x509 reads our PKIX as %T (%v)", pk, err)
		}
		back, err := ParsePKCS8PrivateKey(stdP8)
		if err != nil || !back.Equal(std) {
			t.Fatalf("ParsePKCS8PrivateKey of crypto/x509's encoding: %v", err)
		}
	}
}

// FuzzPKIXAgainstX509 checks that whatever the parsers here accept,
// crypto/x509 accepts too, as the same X25519 key.
func FuzzPKIXAgainstX509(f *testing.F) {
	k, _ := GenerateKey(rand.Reader)
	spki, _ := MarshalPKIXPublicKey(k.PublicKey())
	p8, _ := MarshalPKCS8PrivateKey(k)
	f.Add(spki)
	f.Add(p8)
	// Version 1 with the public key, and version 0 with empty attributes.
	body := append([]byte{0x02, 0x01, 0x01}, p8[5:]...)
	body = append(append(body, 0x81, 33, 0), k.PublicKey().Bytes()...)
	f.Add(append([]byte{0x30, byte(len(body))}, body...))
	body = append(append([]byte(nil), p8[2:]...), 0xa0, 0x00)
	f.Add(append([]byte{0x30, byte(len(body))}, body...))
	f.Fuzz(func(t *testing.T, in []byte) {
		if pub, err := ParsePKIXPublicKey(in); err == nil {
			std, err := x509.ParsePKIXPublicKey(in)
			if err != nil || !pub.Equal(std) {
				t.Fatalf("accepted %x, which crypto/x509 reads as %T (%v)", in, std, err)
			}
		}
		if priv, err := ParsePKCS8PrivateKey(in); err == nil {
			std, err := x509.ParsePKCS8PrivateKey(in)
			if err != nil || !priv.Equal(std) {
				t.Fatalf("accepted %x, which crypto/x509 reads as %T (%v)", in, std, err)
			}
		}
	})
}
