package ed25519_test

import (
	mathrand "math/rand/v2"
	"os"
	"testing"

	"github.com/hdevalence/ed25519consensus"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/ed25519test"
)

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

// TestDifferentialConsensus: PolicyZIP215 answers exactly as
// ed25519consensus on the same inputs (pure Ed25519, which is all ZIP-215
// defines).
func TestDifferentialConsensus(t *testing.T) {
	rng := mathrand.New(mathrand.NewPCG(3, 4))
	n := diffIterations(t)
	accepted := 0
	for i := 0; i < n; i++ {
		seed := make([]byte, 32)
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		priv := ed25519.NewKeyFromSeed(seed)
		pub := priv.Public().(ed25519.PublicKey)
		msg := make([]byte, rng.IntN(100))
		sig := ed25519.Sign(priv, msg)
		for _, c := range ed25519test.Mutations(rng, pub, sig) {
			want := ed25519consensus.Verify(c[0], msg, c[1])
			got := ed25519.VerifyWithOptions(c[0], msg, c[1], &ed25519.Options{Policy: ed25519.PolicyZIP215}) == nil
			if got != want {
				t.Fatalf("pub %x sig %x: got %v, ed25519consensus %v", c[0], c[1], got, want)
			}
			if got {
				accepted++
			}
		}
	}
	t.Logf("%d accepted", accepted)
}
