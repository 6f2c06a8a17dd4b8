package ed25519

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	mathrand "math/rand/v2"
	"os"
	"testing"
)

func TestMutationsSetup(t *testing.T) {
	if !bytes.Equal(notAPoint(t), notAPointStatic) {
		t.Fatal("y = 2 decodes")
	}
}

// diffIterations is the number of random keys per differential test:
// CURVEKIT_ED25519_LONG=1 runs a thousand.
func diffIterations(t *testing.T) int {
	switch {
	case os.Getenv("CURVEKIT_ED25519_LONG") == "1":
		return 1000
	case testing.Short():
		return 5
	}
	return 20
}

// TestDifferentialStdlib: PolicyDefault answers exactly as crypto/ed25519
// (a panic counts as reject), for Ed25519, Ed25519ctx and Ed25519ph, on
// random keys and messages and on mutated signatures and keys.
func TestDifferentialStdlib(t *testing.T) {
	rng := mathrand.New(mathrand.NewPCG(1, 2))
	n := diffIterations(t)
	checked := 0
	for i := 0; i < n; i++ {
		seed := make([]byte, 32)
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		priv := stded25519.NewKeyFromSeed(seed)
		pub := priv.Public().(stded25519.PublicKey)
		msg := make([]byte, rng.IntN(100))
		for j := range msg {
			msg[j] = byte(rng.Uint32())
		}
		h := sha512.Sum512(msg)
		for _, o := range []stded25519.Options{{}, {Context: "diff"}, {Hash: crypto.SHA512}, {Hash: crypto.SHA512, Context: "ph"}} {
			m := msg
			if o.Hash == crypto.SHA512 {
				m = h[:]
			}
			sig, err := priv.Sign(nil, m, &o)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range mutations(rng, pub, sig) {
				want := stdVerify(c[0], m, c[1], &o)
				got := VerifyWithOptions(c[0], m, c[1], &Options{Hash: o.Hash, Context: o.Context}) == nil
				if got != want {
					t.Fatalf("pub %x sig %x opts %+v: got %v, crypto/ed25519 %v", c[0], c[1], o, got, want)
				}
				if o.Hash == 0 && o.Context == "" {
					if got2 := Verify(c[0], m, c[1]); got2 != want {
						t.Fatalf("Verify differs from VerifyWithOptions")
					}
				}
				// PolicyStrict never accepts what PolicyDefault rejects.
				if strict := VerifyWithOptions(c[0], m, c[1], &Options{Hash: o.Hash, Context: o.Context, Policy: PolicyStrict}) == nil; strict && !want {
					t.Fatalf("pub %x sig %x: strict accepts what default rejects", c[0], c[1])
				}
				checked++
			}
		}
	}
	t.Logf("%d comparisons", checked)
}

// TestExpandedMatchesVerify: an ExpandedPublicKey gives the same answer as
// the one-shot functions under every policy.
func TestExpandedMatchesVerify(t *testing.T) {
	rng := mathrand.New(mathrand.NewPCG(5, 6))
	for i := 0; i < 10; i++ {
		pub, priv, _ := GenerateKey(nil)
		msg := []byte("expanded")
		sig := Sign(priv, msg)
		for _, c := range mutations(rng, pub, sig) {
			e, err := NewExpandedPublicKey(c[0])
			for _, p := range []Policy{PolicyDefault, PolicyZIP215, PolicyStrict} {
				want := VerifyWithOptions(c[0], msg, c[1], &Options{Policy: p}) == nil
				if err != nil {
					if want {
						t.Fatalf("key %x does not expand but verifies", c[0])
					}
					continue
				}
				if got := e.VerifyWithOptions(msg, c[1], &Options{Policy: p}) == nil; got != want {
					t.Fatalf("pub %x sig %x %v: expanded %v, one-shot %v", c[0], c[1], p, got, want)
				}
				if p == PolicyDefault && e.Verify(msg, c[1]) != want {
					t.Fatal("ExpandedPublicKey.Verify differs")
				}
			}
			if err == nil && !bytes.Equal(e.PublicKey(), c[0]) {
				t.Fatal("PublicKey() changed the bytes")
			}
		}
	}
	if _, err := NewExpandedPublicKey(make([]byte, 31)); err == nil {
		t.Error("short key expanded")
	}
	e, _ := NewExpandedPublicKey(encIdentity)
	if e.VerifyWithOptions(make([]byte, 3), make([]byte, 64), &Options{Hash: crypto.SHA512}) == nil {
		t.Error("Ed25519ph with a short hash accepted")
	}
}
