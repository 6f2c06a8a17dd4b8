package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/asn1"
	"testing"
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

// stdParse is an independent strict-DER reader of ECDSA-Sig-Value: the
// standard library's encoding/asn1 for tags and minimal lengths (DER), and
// X.690's rules for INTEGER contents — minimal, here non-negative — with the
// leading zero of a positive value dropped, as crypto/ecdsa's parser does.
// (encoding/asn1 alone would accept extra elements after s in the SEQUENCE.)
func stdParse(sig []byte) (r, s []byte, ok bool) {
	var seq, ri, si asn1.RawValue
	rest, err := asn1.Unmarshal(sig, &seq)
	if err != nil || len(rest) != 0 || seq.Class != asn1.ClassUniversal || seq.Tag != asn1.TagSequence || !seq.IsCompound {
		return nil, nil, false
	}
	rest, err = asn1.Unmarshal(seq.Bytes, &ri)
	if err != nil {
		return nil, nil, false
	}
	rest, err = asn1.Unmarshal(rest, &si)
	if err != nil || len(rest) != 0 {
		return nil, nil, false
	}
	integer := func(v asn1.RawValue) ([]byte, bool) {
		b := v.Bytes
		if v.Class != asn1.ClassUniversal || v.Tag != asn1.TagInteger || v.IsCompound || len(b) == 0 || b[0]&0x80 != 0 {
			return nil, false
		}
		if len(b) > 1 && b[0] == 0 && b[1]&0x80 == 0 {
			return nil, false // not minimal
		}
		if len(b) > 1 && b[0] == 0 {
			b = b[1:]
		}
		return b, true
	}
	r, rok := integer(ri)
	s, sok := integer(si)
	return r, s, rok && sok
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
			t.Fatalf("parseDER(%x) = %v, encoding/asn1 %v", b, ok, sok)
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
