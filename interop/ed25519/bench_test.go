package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"testing"

	"github.com/hdevalence/ed25519consensus"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/benchutil"
)

var benchSeed = []byte("curvekit ed25519 benchmark seed!")

var benchMsg = []byte("The quick brown fox jumps over the lazy dog, 64 bytes of message.")

func BenchmarkNewKeyFromSeed(b *testing.B) {
	b.Run("curvekit", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ed25519.NewKeyFromSeed(benchSeed)
		}
	})
	benchPeers(b, "NewKeyFromSeed")
	b.Run("stdlib", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			stded25519.NewKeyFromSeed(benchSeed)
		}
	})
}

func BenchmarkSign(b *testing.B) {
	b.Run("curvekit", func(b *testing.B) {
		priv := ed25519.NewKeyFromSeed(benchSeed)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			ed25519.Sign(priv, benchMsg)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		priv := stded25519.NewKeyFromSeed(benchSeed)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			stded25519.Sign(priv, benchMsg)
		}
	})
	benchPeers(b, "Sign")
}

func BenchmarkVerifyPolicy(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(ed25519.PublicKey)
	sig := ed25519.Sign(priv, benchMsg)
	for _, p := range []ed25519.Policy{ed25519.PolicyDefault, ed25519.PolicyZIP215, ed25519.PolicyStrict} {
		opts := &ed25519.Options{Policy: p}
		b.Run(p.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if ed25519.VerifyWithOptions(pub, benchMsg, sig, opts) != nil {
					b.Fatal("rejected")
				}
			}
		})
	}
	b.Run("ed25519consensus", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ed25519consensus.Verify(stded25519.PublicKey(pub), benchMsg, sig)
		}
	})
	benchPeers(b, "VerifyPolicy")
}

// contender is one implementation of an operation in BenchmarkInterleaved.
type contender = benchutil.Contender
