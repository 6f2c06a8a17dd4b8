package field25519

import (
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/cttest/dudect"
)

// TestCTTest hosts internal/cttest's measurement of the unexported Fermat
// inversion (go run ./internal/cttest -target field25519-fermat); it skips
// in ordinary test runs. Secret: the element; the fixed class is 1.
func TestCTTest(t *testing.T) {
	const slots = 4096
	ran, err := dudect.Hosted(map[string]dudect.Spec{
		"field25519-fermat": {Batch: 1, Target: func() dudect.Target {
			x := make([]Element, slots)
			var out Element
			return dudect.Target{Slots: slots,
				Prepare: func(i, c int, rng *rand.Rand) {
					b := [32]byte{1}
					if c == 1 {
						for j := range b {
							b[j] = byte(rng.Uint32())
						}
					}
					x[i].SetBytes(b[:])
				},
				Run: func(i int) { out.invertFermat(&x[i]) },
			}
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ran {
		t.Skip("run by go run ./internal/cttest")
	}
}
