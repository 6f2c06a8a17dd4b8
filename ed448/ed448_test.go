package ed448

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", name)
		}
	}()
	f()
}

func TestVerifyFailsClosed(t *testing.T) {
	pub, priv, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("fail closed")
	sig := Sign(priv, msg, "")
	if !Verify(pub, msg, sig, "") {
		t.Fatal("honest signature rejected")
	}
	long := string(make([]byte, ContextMaxSize+1))
	for name, c := range map[string]struct {
		pub PublicKey
		sig []byte
		ctx string
	}{
		"nil key":         {nil, sig, ""},
		"short key":       {pub[:56], sig, ""},
		"long key":        {append(bytes.Clone(pub), 0), sig, ""},
		"nil signature":   {pub, nil, ""},
		"short signature": {pub, sig[:113], ""},
		"long signature":  {pub, append(bytes.Clone(sig), 0), ""},
		"context 256":     {pub, sig, long},
	} {
		for _, p := range allPolicies {
			if VerifyAny(c.pub, msg, c.sig, SignerOptions{Context: c.ctx, Policy: p}) ||
				VerifyAny(c.pub, msg, c.sig, SignerOptions{Context: c.ctx, Policy: p, Scheme: ED448Ph}) {
				t.Errorf("%s: %v accepts", name, p)
			}
		}
		if Verify(c.pub, msg, c.sig, c.ctx) || VerifyPh(c.pub, msg, c.sig, c.ctx) {
			t.Errorf("%s: Verify accepts", name)
		}
	}
	if VerifyAny(pub, msg, sig, SignerOptions{Policy: 3}) {
		t.Error("unknown policy accepts")
	}
	if VerifyAny(pub, msg, sig, nil) || VerifyAny(pub, msg, sig, (*SignerOptions)(nil)) {
		t.Error("nil opts accept")
	}
	if !VerifyAny(pub, msg, sig, &SignerOptions{}) {
		t.Error("*SignerOptions rejects")
	}
	// The last byte of S must be zero even when S mod 2^448 < q.
	s2 := bytes.Clone(sig)
	s2[113] = 1
	if Verify(pub, msg, s2, "") {
		t.Error("S with a nonzero byte 113 accepted")
	}
}

func TestZeroValues(t *testing.T) {
	var priv PrivateKey
	for _, priv := range []PrivateKey{priv, make(PrivateKey, PrivateKeySize-1)} {
		if p := priv.Public(); p != nil {
			t.Errorf("%d-byte key: Public = %#v, want an untyped nil", len(priv), p)
		}
	}
	if priv.Seed() != nil {
		t.Error("Seed of a nil key is not nil")
	}
	if _, err := priv.MarshalBinary(); err == nil {
		t.Error("MarshalBinary of a nil key succeeded")
	}
	if _, err := PublicKey(nil).MarshalBinary(); err == nil {
		t.Error("MarshalBinary of a nil public key succeeded")
	}
	if sig, err := priv.Sign(nil, []byte("m"), SignerOptions{}); err == nil || sig != nil {
		t.Error("Sign with a nil key succeeded")
	}
	mustPanic(t, "Sign(nil key)", func() { Sign(nil, []byte("m"), "") })
	if Verify(nil, nil, nil, "") {
		t.Error("Verify of zero values accepts")
	}
	if !PublicKey(nil).Equal(PublicKey(nil)) || PublicKey(nil).Equal(nil) {
		t.Error("PublicKey.Equal on nil keys")
	}
}

func TestGenerateKeyReader(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, SeedSize)
	// Exactly SeedSize bytes are read.
	r := bytes.NewReader(append(bytes.Clone(seed), 1, 2, 3))
	pub, priv, err := GenerateKey(r)
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != 3 {
		t.Fatalf("GenerateKey read %d bytes", SeedSize+3-r.Len())
	}
	if !bytes.Equal(priv, NewKeyFromSeed(seed)) || !bytes.Equal(pub, priv[SeedSize:]) || !bytes.Equal(priv.Seed(), seed) {
		t.Fatal("GenerateKey does not match NewKeyFromSeed")
	}
	for name, r := range map[string]io.Reader{
		"short":   bytes.NewReader(seed[:SeedSize-1]),
		"failing": iotest.ErrReader(errors.New("no entropy")),
		"empty":   bytes.NewReader(nil),
	} {
		pub, priv, err := GenerateKey(r)
		if err == nil || pub != nil || priv != nil {
			t.Errorf("%s reader: key generated", name)
		}
	}
	// A reader that returns one byte at a time is fine.
	if _, _, err := GenerateKey(iotest.OneByteReader(bytes.NewReader(seed))); err != nil {
		t.Error(err)
	}
}

func TestPrivateKeyChecks(t *testing.T) {
	_, priv, _ := GenerateKey(nil)
	_, other, _ := GenerateKey(nil)
	bad := PrivateKey(bytes.Clone(priv))
	copy(bad[SeedSize:], other[SeedSize:])
	mustPanic(t, "Sign with a mismatched public half", func() { Sign(bad, []byte("m"), "") })
	mustPanic(t, "SignPh with a mismatched public half", func() { SignPh(bad, []byte("m"), "") })
	if _, err := bad.Sign(nil, []byte("m"), SignerOptions{}); err == nil {
		t.Error("PrivateKey.Sign with a mismatched public half succeeded")
	}
	mustPanic(t, "Sign with a short key", func() { Sign(priv[:113], []byte("m"), "") })
	mustPanic(t, "Sign with a long context", func() { Sign(priv, []byte("m"), string(make([]byte, 256))) })
	mustPanic(t, "NewKeyFromSeed(56 bytes)", func() { NewKeyFromSeed(make([]byte, 56)) })
	// Changing the key in place after a signature must not reuse the cache.
	msg := []byte("cache")
	sig := Sign(priv, msg, "")
	copy(priv[SeedSize:], other[SeedSize:])
	mustPanic(t, "Sign after the key was changed in place", func() { Sign(priv, msg, "") })
	copy(priv, other)
	if s := Sign(priv, msg, ""); bytes.Equal(s, sig) || !Verify(PublicKey(other[SeedSize:]), msg, s, "") {
		t.Error("cache served a stale key")
	}
	if !priv.Equal(other) || priv.Equal(bad) || priv.Equal(PublicKey(other[SeedSize:])) {
		t.Error("PrivateKey.Equal")
	}
	m, err := priv.MarshalBinary()
	if err != nil || !bytes.Equal(m, priv) {
		t.Error("MarshalBinary")
	}
	m[0] ^= 1
	if m[0] == priv[0] {
		t.Error("MarshalBinary aliases the key")
	}
}

// TestConcurrentSign signs with shared and distinct keys from several
// goroutines (the expanded-key cache is shared; run with -race).
func TestConcurrentSign(t *testing.T) {
	_, shared, _ := GenerateKey(nil)
	msg := []byte("concurrent")
	want := Sign(shared, msg, "")
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		go func() {
			_, own, _ := GenerateKey(nil)
			for i := 0; i < 10; i++ {
				if !bytes.Equal(Sign(shared, msg, ""), want) {
					errs <- "shared key signature changed"
					return
				}
				if !Verify(PublicKey(own[SeedSize:]), msg, Sign(own, msg, ""), "") {
					errs <- "own key signature rejected"
					return
				}
			}
			errs <- ""
		}()
	}
	for g := 0; g < 8; g++ {
		if e := <-errs; e != "" {
			t.Fatal(e)
		}
	}
}
