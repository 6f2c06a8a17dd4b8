package p256

import (
	"bytes"
	"crypto"
	_ "crypto/sha1"
	_ "crypto/sha256"
	_ "crypto/sha512"
	"testing"
)

// RFC 6979 §A.2.5: the P-256 key and its deterministic signatures
// (transcribed; see testdata/SOURCE.md).
const (
	rfc6979Key = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
	rfc6979Ux  = "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
	rfc6979Uy  = "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
)

var rfc6979Vectors = []struct {
	msg  string
	hash crypto.Hash
	r, s string
}{
	{"sample", crypto.SHA1, "61340C88C3AAEBEB4F6D667F672CA9759A6CCAA9FA8811313039EE4A35471D32", "6D7F147DAC089441BB2E2FE8F7A3FA264B9C475098FDCF6E00D7C996E1B8B7EB"},
	{"sample", crypto.SHA224, "53B2FFF5D1752B2C689DF257C04C40A587FABABB3F6FC2702F1343AF7CA9AA3F", "B9AFB64FDC03DC1A131C7D2386D11E349F070AA432A4ACC918BEA988BF75C74C"},
	{"sample", crypto.SHA256, "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716", "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"},
	{"sample", crypto.SHA384, "0EAFEA039B20E9B42309FB1D89E213057CBF973DC0CFC8F129EDDDC800EF7719", "4861F0491E6998B9455193E34E7B0D284DDD7149A74B95B9261F13ABDE940954"},
	{"sample", crypto.SHA512, "8496A60B5E9B47C825488827E0495B0E3FA109EC4568FD3F8D1097678EB97F00", "2362AB1ADBE2B8ADF9CB9EDAB740EA6049C028114F2460F96554F61FAE3302FE"},
	{"test", crypto.SHA1, "0CBCC86FD6ABD1D99E703E1EC50069EE5C0B4BA4B9AC60E409E8EC5910D81A89", "01B9D7B73DFAA60D5651EC4591A0136F87653E0FD780C3B1BC872FFDEAE479B1"},
	{"test", crypto.SHA224, "C37EDB6F0AE79D47C3C27E962FA269BB4F441770357E114EE511F662EC34A692", "C820053A05791E521FCAAD6042D40AEA1D6B1A540138558F47D0719800E18F2D"},
	{"test", crypto.SHA256, "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367", "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"},
	{"test", crypto.SHA384, "83910E8B48BB0C74244EBDF7F07A1C5413D61472BD941EF3920E623FBCCEBEB6", "8DDBEC54CF8CD5874883841D712142A56A8D0F218F5003CB0296B6B509619F2C"},
	{"test", crypto.SHA512, "461D93F31B6540894788FD206C07CFA0CC35F46FA3C91816FFF1040AD1581A04", "39AF9F15DE0DB8D97E72719C74820D304CE5226E32DEDAE67519E840D1194E55"},
}

func TestRFC6979(t *testing.T) {
	priv, err := NewPrivateKey(unhexT(t, rfc6979Key))
	if err != nil {
		t.Fatal(err)
	}
	wantPub := unhexT(t, "04"+rfc6979Ux+rfc6979Uy)
	if !bytes.Equal(priv.PublicKey().Bytes(), wantPub) {
		t.Fatalf("public key %x, want %x", priv.PublicKey().Bytes(), wantPub)
	}
	for _, v := range rfc6979Vectors {
		h := v.hash.New()
		h.Write([]byte(v.msg))
		digest := h.Sum(nil)
		sig, err := priv.Sign(nil, digest, v.hash)
		if err != nil {
			t.Fatal(err)
		}
		var r, s [32]byte
		copy(r[:], unhexT(t, v.r))
		copy(s[:], unhexT(t, v.s))
		if want := encodeDER(&r, &s); !bytes.Equal(sig, want) {
			t.Errorf("%s/%v: got %x, want %x", v.msg, v.hash, sig, want)
		}
		if !VerifyASN1(priv.PublicKey(), digest, sig) {
			t.Errorf("%s/%v: does not verify", v.msg, v.hash)
		}
		sig2, err := SignDeterministic(priv, v.hash, digest)
		if err != nil || !bytes.Equal(sig, sig2) {
			t.Errorf("%s/%v: SignDeterministic differs", v.msg, v.hash)
		}
	}
	// The length check of crypto.Signer: a SHA-256 digest with SHA-512 opts.
	d := make([]byte, 32)
	if _, err := priv.Sign(nil, d, crypto.SHA512); err == nil {
		t.Error("mismatched digest length signed")
	}
	if _, err := priv.Sign(nil, d, nil); err == nil {
		t.Error("nil opts signed")
	}
	if _, err := priv.Sign(nil, d, crypto.Hash(0)); err == nil {
		t.Error("hash 0 signed")
	}
}
