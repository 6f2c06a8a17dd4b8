package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"testing"

	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

func FuzzNewPublicKey(f *testing.F) {
	g := generator
	enc, _ := g.bytes()
	f.Add(enc[:])
	f.Add(append([]byte{2}, enc[1:33]...))
	f.Add(append([]byte{3}, enc[1:33]...))
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		pub, err := NewPublicKey(b)
		var stdOK bool
		switch len(b) {
		case 65:
			//lint:ignore SA1019 crypto/elliptic is the independent reference here.
			x, _ := elliptic.Unmarshal(elliptic.P256(), b)
			stdOK = x != nil
		case 33:
			x, _ := elliptic.UnmarshalCompressed(elliptic.P256(), b)
			stdOK = x != nil
		}
		if (err == nil) != stdOK {
			t.Fatalf("NewPublicKey(%x): %v; crypto/elliptic ok = %v", b, err, stdOK)
		}
		if err != nil {
			return
		}
		if len(b) == 65 && !bytes.Equal(pub.Bytes(), b) {
			t.Fatalf("round trip %x → %x", b, pub.Bytes())
		}
		if len(b) == 33 && !bytes.Equal(pub.BytesCompressed(), b) {
			t.Fatalf("round trip %x → %x", b, pub.BytesCompressed())
		}
	})
}

// stdParse is crypto/ecdsa's signature parser, with cryptobyte.
func stdParse(sig []byte) (r, s []byte, ok bool) {
	var inner cryptobyte.String
	input := cryptobyte.String(sig)
	ok = input.ReadASN1(&inner, asn1.SEQUENCE) && input.Empty() &&
		inner.ReadASN1Integer(&r) && inner.ReadASN1Integer(&s) && inner.Empty()
	return r, s, ok
}

func FuzzParseDER(f *testing.F) {
	one := [32]byte{31: 1}
	f.Add(encodeDER(&one, &one))
	f.Add(encodeDER(&orderBytes, &halfOrder))
	f.Add([]byte{0x30, 0x81, 0x06, 2, 1, 1, 2, 1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		r, s, ok := parseDER(b)
		sr, ss, sok := stdParse(b)
		// crypto/ecdsa additionally rejects values over 32 bytes.
		sok = sok && len(sr) <= 32 && len(ss) <= 32
		if ok != sok {
			t.Fatalf("parseDER(%x) = %v, cryptobyte %v", b, ok, sok)
		}
		if ok && (!bytes.Equal(bytes.TrimLeft(r[:], "\x00"), bytes.TrimLeft(sr, "\x00")) ||
			!bytes.Equal(bytes.TrimLeft(s[:], "\x00"), bytes.TrimLeft(ss, "\x00"))) {
			t.Fatalf("parseDER(%x) values differ", b)
		}
	})
}

func FuzzVerify(f *testing.F) {
	priv, _ := NewPrivateKey(bytes.Repeat([]byte{3}, 32))
	digest := bytes.Repeat([]byte{9}, 32)
	sig, _ := priv.Sign(nil, digest, crypto.SHA256)
	f.Add(digest, sig, false)
	f.Add(digest[:20], sig, true)
	pub := priv.PublicKey()
	spk, _ := pub.ToECDSA()
	f.Fuzz(func(t *testing.T, digest, sig []byte, p1363 bool) {
		if p1363 {
			got := VerifyP1363(pub, digest, sig)
			if got && len(sig) != 64 {
				t.Fatal("P1363 of the wrong length verified")
			}
			if len(sig) == 64 {
				var r, s [32]byte
				copy(r[:], sig[:32])
				copy(s[:], sig[32:])
				sig = encodeDER(&r, &s)
				if want := ecdsa.VerifyASN1(spk, digest, sig); got != want {
					t.Fatalf("VerifyP1363 %v, crypto/ecdsa %v", got, want)
				}
			}
			return
		}
		if got, want := VerifyASN1(pub, digest, sig), ecdsa.VerifyASN1(spk, digest, sig); got != want {
			t.Fatalf("VerifyASN1(%x, %x) = %v, crypto/ecdsa %v", digest, sig, got, want)
		}
	})
}
