package ed25519

import (
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/fastpath"
)

// TestComb64Dispatch runs the RFC 8032, Wycheproof and vector-file tests
// and the differential tests against crypto/ed25519 and ed25519consensus
// with curve25519's fixed-base comb on fe64 (where this build and CPU run
// it) and on field25519: key generation and signing take the one the
// switch selects.
func TestComb64Dispatch(t *testing.T) {
	defer fastpath.Comb64(true) // the default: the fe64 comb where it runs
	if !fastpath.Comb64(true) {
		t.Skip("no fe64 comb in this build or on this CPU: the tests run the field25519 comb")
	}
	for _, on := range []bool{true, false} {
		if got := fastpath.Comb64(on); got != on {
			t.Fatalf("fastpath.Comb64(%v) = %v", on, got)
		}
		t.Run(map[bool]string{true: "fe64", false: "field25519"}[on], func(t *testing.T) {
			TestRFC8032Section71(t)
			TestRFC8032CtxPh(t)
			TestVectorFiles(t)
			TestDifferentialStdlib(t)
			TestDifferentialConsensus(t)
		})
	}
	// The switch names the comb in Assembly() exactly when it runs.
	fastpath.Comb64(false)
	off := curve25519.Assembly()
	fastpath.Comb64(true)
	if on := curve25519.Assembly(); on == off {
		t.Errorf("Assembly() = %q with the fe64 comb on and off", on)
	}
}
