package ed25519

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/sha512"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

// stdVerify is crypto/ed25519 with a panic counted as a rejection.
func stdVerify(pub, msg, sig []byte, opts *stded25519.Options) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return stded25519.VerifyWithOptions(pub, msg, sig, opts) == nil
}

func TestRFC8032Section71(t *testing.T) {
	var vectors []struct{ Priv, Pub, Msg, Sig string }
	readJSON(t, "testdata/rfc/rfc8032-ed25519.json", &vectors)
	if len(vectors) != 4 {
		t.Fatalf("got %d vectors, want 4", len(vectors))
	}
	for i, v := range vectors {
		seed, pub, msg, sig := mustHex(t, v.Priv), mustHex(t, v.Pub), mustHex(t, v.Msg), mustHex(t, v.Sig)
		priv := NewKeyFromSeed(seed)
		if !bytes.Equal(priv[32:], pub) {
			t.Errorf("vector %d: public key %x, want %x", i, priv[32:], pub)
		}
		if got := Sign(priv, msg); !bytes.Equal(got, sig) {
			t.Errorf("vector %d: signature %x, want %x", i, got, sig)
		}
		for _, p := range []Policy{PolicyDefault, PolicyZIP215, PolicyStrict} {
			if err := VerifyWithOptions(pub, msg, sig, &Options{Policy: p}); err != nil {
				t.Errorf("vector %d: %v rejects: %v", i, p, err)
			}
		}
		bad := bytes.Clone(msg)
		bad = append(bad, 0)
		if Verify(pub, bad, sig) {
			t.Errorf("vector %d: verifies a different message", i)
		}
	}
}

// TestRFC8032CtxPh runs the §7.1 SHA(abc), §7.2 and §7.3 vectors
// transcribed in testdata/rfc/rfc8032-ctx-ph.json (see SOURCE.md), and checks
// each against crypto/ed25519 as well, which also guards the transcription.
func TestRFC8032CtxPh(t *testing.T) { testRFC8032CtxPh(t, exported) }

// testRFC8032CtxPh is TestRFC8032CtxPh's verification checks on vf.one.
func testRFC8032CtxPh(t *testing.T, vf verifier) {
	var vectors []struct{ Section, Name, Variant, Secret, Public, Message, Context, Signature string }
	readJSON(t, "testdata/rfc/rfc8032-ctx-ph.json", &vectors)
	if len(vectors) != 6 {
		t.Fatalf("got %d vectors, want 6", len(vectors))
	}
	for _, v := range vectors {
		name := v.Section + " " + v.Name
		seed, pub, msg, sig := mustHex(t, v.Secret), mustHex(t, v.Public), mustHex(t, v.Message), mustHex(t, v.Signature)
		ctx := string(mustHex(t, v.Context))
		opts := &Options{Context: ctx}
		if v.Variant == "Ed25519ph" {
			h := sha512.Sum512(msg)
			msg = h[:]
			opts.Hash = crypto.SHA512
		}
		priv := NewKeyFromSeed(seed)
		if !bytes.Equal(priv[32:], pub) {
			t.Errorf("%s: public key mismatch", name)
		}
		got, err := priv.Sign(nil, msg, opts)
		if err != nil || !bytes.Equal(got, sig) {
			t.Errorf("%s: signature %x (%v), want %x", name, got, err, sig)
		}
		stdOpts := &stded25519.Options{Hash: opts.Hash, Context: opts.Context}
		if !stdVerify(pub, msg, sig, stdOpts) {
			t.Errorf("%s: crypto/ed25519 rejects the transcribed vector", name)
		}
		for _, p := range []Policy{PolicyDefault, PolicyZIP215, PolicyStrict} {
			opts.Policy = p
			if err := vf.one(pub, msg, sig, opts); err != nil {
				t.Errorf("%s: %v rejects: %v", name, p, err)
			}
		}
		// Domain separation: the signature must not verify as another variant.
		for _, o := range []*Options{{}, {Context: "other"}, {Hash: crypto.SHA512, Context: ctx + "x"}} {
			if o.Hash == opts.Hash && o.Context == opts.Context {
				continue
			}
			m := msg
			if o.Hash == crypto.SHA512 && len(m) != 64 {
				h := sha512.Sum512(m)
				m = h[:]
			}
			if vf.one(pub, m, sig, o) == nil {
				t.Errorf("%s: verifies under %+v", name, o)
			}
		}
	}
}

// The drop-in contract, checked by the compiler: every exported name of
// crypto/ed25519 with the same shape.
var (
	_ func(io.Reader) (PublicKey, PrivateKey, error)                         = GenerateKey
	_ func([]byte) PrivateKey                                                = NewKeyFromSeed
	_ func(PrivateKey, []byte) []byte                                        = Sign
	_ func(PublicKey, []byte, []byte) bool                                   = Verify
	_ func(PublicKey, []byte, []byte, *Options) error                        = VerifyWithOptions
	_ crypto.Signer                                                          = PrivateKey(nil)
	_ crypto.SignerOpts                                                      = &Options{}
	_ func(PrivateKey) []byte                                                = PrivateKey.Seed
	_ func(PrivateKey, crypto.PrivateKey) bool                               = PrivateKey.Equal
	_ func(PublicKey, crypto.PublicKey) bool                                 = PublicKey.Equal
	_                                                                        = Options{Hash: crypto.SHA512, Context: "c"}
	_ interface{ Equal(crypto.PublicKey) bool }                              = PublicKey(nil)
	_ func(PrivateKey, io.Reader, []byte, crypto.SignerOpts) ([]byte, error) = PrivateKey.Sign
)

func TestConstants(t *testing.T) {
	if PublicKeySize != stded25519.PublicKeySize || PrivateKeySize != stded25519.PrivateKeySize ||
		SignatureSize != stded25519.SignatureSize || SeedSize != stded25519.SeedSize {
		t.Fatal("sizes differ from crypto/ed25519")
	}
}

func TestNilOptions(t *testing.T) {
	pub, priv, _ := GenerateKey(nil)
	sig := Sign(priv, []byte("m"))
	if VerifyWithOptions(pub, []byte("m"), sig, nil) != nil {
		t.Error("nil options rejected")
	}
	e, _ := NewExpandedPublicKey(pub)
	if e.VerifyWithOptions([]byte("m"), sig, nil) != nil {
		t.Error("nil options rejected by ExpandedPublicKey")
	}
}

func TestDropInMatchesStdlib(t *testing.T) {
	for i := 0; i < 50; i++ {
		seed := make([]byte, SeedSize)
		rand.Read(seed)
		msg := make([]byte, i*7)
		rand.Read(msg)
		ours := NewKeyFromSeed(seed)
		theirs := stded25519.NewKeyFromSeed(seed)
		if !bytes.Equal(ours, theirs) {
			t.Fatalf("key mismatch for seed %x", seed)
		}
		if !bytes.Equal(Sign(ours, msg), stded25519.Sign(theirs, msg)) {
			t.Fatalf("signature mismatch for seed %x", seed)
		}
		h := sha512.Sum512(msg)
		for _, o := range []struct {
			h   crypto.Hash
			ctx string
			m   []byte
		}{{0, "", msg}, {0, "ctx", msg}, {crypto.SHA512, "", h[:]}, {crypto.SHA512, "c", h[:]}} {
			a, errA := ours.Sign(nil, o.m, &Options{Hash: o.h, Context: o.ctx})
			b, errB := theirs.Sign(nil, o.m, &stded25519.Options{Hash: o.h, Context: o.ctx})
			if errA != nil || errB != nil || !bytes.Equal(a, b) {
				t.Fatalf("Sign(%v, %q) mismatch: %v %v", o.h, o.ctx, errA, errB)
			}
		}
		if !ours.Equal(theirs) || !ours.Public().(PublicKey).Equal(theirs.Public()) {
			t.Fatal("Equal does not accept the standard library's types")
		}
		if !bytes.Equal(ours.Seed(), seed) {
			t.Fatal("Seed mismatch")
		}
	}
	// crypto.Signer with crypto.Hash(0) and crypto.SHA512 directly.
	_, priv, _ := GenerateKey(nil)
	var signer crypto.Signer = priv
	msg := []byte("hello")
	sig, err := signer.Sign(nil, msg, crypto.Hash(0))
	if err != nil || !bytes.Equal(sig, Sign(priv, msg)) {
		t.Fatal("crypto.Hash(0) is not Ed25519")
	}
	h := sha512.Sum512(msg)
	sig, err = signer.Sign(nil, h[:], crypto.SHA512)
	if err != nil || VerifyWithOptions(priv.Public().(PublicKey), h[:], sig, &Options{Hash: crypto.SHA512}) != nil {
		t.Fatal("crypto.SHA512 is not Ed25519ph")
	}
}

func TestGenerateKeyDeterministic(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, 32)
	pub, priv, err := GenerateKey(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	stdPub, stdPriv, _ := stded25519.GenerateKey(bytes.NewReader(seed))
	if !bytes.Equal(pub, stdPub) || !bytes.Equal(priv, stdPriv) {
		t.Fatal("GenerateKey differs from crypto/ed25519")
	}
	if _, _, err := GenerateKey(bytes.NewReader(seed[:5])); err == nil {
		t.Fatal("short reader accepted")
	}
}

func TestErrorsAndPanics(t *testing.T) {
	pub, priv, _ := GenerateKey(nil)
	msg := []byte("m")
	sig := Sign(priv, msg)
	// Wrong public key lengths: false, no panic (stdlib panics).
	for _, l := range []int{0, 31, 33, 64} {
		k := make([]byte, l)
		copy(k, pub)
		if Verify(k, msg, sig) {
			t.Errorf("len %d public key accepted", l)
		}
		if VerifyWithOptions(k, msg, sig, &Options{Policy: PolicyZIP215}) == nil {
			t.Errorf("len %d public key accepted by ZIP215", l)
		}
	}
	for _, l := range []int{0, 63, 65} {
		s := make([]byte, l)
		copy(s, sig)
		if Verify(pub, msg, s) {
			t.Errorf("len %d signature accepted", l)
		}
	}
	if VerifyWithOptions(pub, msg, sig, &Options{Policy: 3}) == nil {
		t.Error("unknown policy accepted")
	}
	if Policy(3).String() != "Policy(3)" || PolicyZIP215.String() != "PolicyZIP215" {
		t.Error("Policy.String")
	}
	// Option errors, for signing and verifying.
	long := strings.Repeat("x", 256)
	for _, o := range []*Options{{Context: long}, {Hash: crypto.SHA512, Context: long}, {Hash: crypto.SHA256}} {
		if _, err := priv.Sign(nil, make([]byte, 64), o); err == nil {
			t.Errorf("Sign accepted %+v", o)
		}
		if VerifyWithOptions(pub, make([]byte, 64), sig, o) == nil {
			t.Errorf("VerifyWithOptions accepted %+v", o)
		}
	}
	if _, err := priv.Sign(nil, msg, crypto.SHA512); err == nil {
		t.Error("Ed25519ph with a 1-byte message accepted")
	}
	// Malformed private keys panic in Sign, as crypto/ed25519 does, and
	// error in PrivateKey.Sign.
	mustPanic(t, "short private key", func() { Sign(priv[:63], msg) })
	mustPanic(t, "short seed", func() { NewKeyFromSeed(make([]byte, 31)) })
	mismatched := PrivateKey(bytes.Clone(priv))
	mismatched[40] ^= 1
	mustPanic(t, "mismatched public half", func() { Sign(mismatched, msg) })
	if _, err := mismatched.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Error("PrivateKey.Sign accepted a mismatched public half")
	}
	// The cache must not serve a key whose bytes changed in place.
	k := PrivateKey(bytes.Clone(priv))
	Sign(k, msg)
	k[40] ^= 1
	mustPanic(t, "mutated cached key", func() { Sign(k, msg) })
	k[40] ^= 1
	if !bytes.Equal(Sign(k, msg), sig) {
		t.Error("signature changed after restoring the key")
	}
}

func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", name)
		}
	}()
	f()
}

func TestAllocations(t *testing.T) {
	if testing.CoverMode() != "" || testenv.Race {
		t.Skip("allocation counts are not meaningful here")
	}
	_, priv, _ := GenerateKey(nil)
	pub := priv.Public().(PublicKey)
	msg := []byte("hello")
	sig := Sign(priv, msg)
	if n := testing.AllocsPerRun(10, func() { Sign(priv, msg) }); n > 1 {
		t.Errorf("Sign: %v allocations", n)
	}
	// The half-size path's allocations are the group's multi-scalar
	// multiplication's per-call tables.
	if n := testing.AllocsPerRun(10, func() { Verify(pub, msg, sig) }); n > 4 {
		t.Errorf("Verify: %v allocations", n)
	}
	if n := testing.AllocsPerRun(10, func() { verifyFullSize(pub, nil, msg, sig) }); n > 0 {
		t.Errorf("Verify (full size): %v allocations", n)
	}
}

// TestConcurrentSign exercises the private-key cache from several
// goroutines (run with -race).
func TestConcurrentSign(t *testing.T) {
	keys := make([]PrivateKey, 4)
	for i := range keys {
		_, keys[i], _ = GenerateKey(nil)
	}
	msg := []byte("concurrent")
	want := make([][]byte, len(keys))
	for i, k := range keys {
		want[i] = stded25519.Sign(stded25519.PrivateKey(k), msg)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				j := (g + i) % len(keys)
				if !bytes.Equal(Sign(keys[j], msg), want[j]) {
					t.Error("concurrent signature mismatch")
					return
				}
			}
		}()
	}
	wg.Wait()
}
