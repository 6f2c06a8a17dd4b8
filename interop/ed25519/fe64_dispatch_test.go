package ed25519_test

import (
	"testing"

	"github.com/curvekit/curvekit/internal/fastpath"
)

// TestFe64Dispatch runs the differential test against ed25519consensus and
// the vector files' oracle check with curve25519's fe64 paths on (where this
// build and CPU run them: the fixed-base comb of key generation and signing,
// the Straus loop of half-size verification) and off (field25519).
func TestFe64Dispatch(t *testing.T) {
	defer fastpath.Straus64(true)
	defer fastpath.Comb64(true) // the defaults: the fe64 code where it runs
	if !fastpath.Comb64(true) || !fastpath.Straus64(true) {
		t.Skip("no fe64 assembly in this build or on this CPU: the tests run field25519")
	}
	for _, on := range []bool{true, false} {
		if got := fastpath.Comb64(on); got != on {
			t.Fatalf("fastpath.Comb64(%v) = %v", on, got)
		}
		if got := fastpath.Straus64(on); got != on {
			t.Fatalf("fastpath.Straus64(%v) = %v", on, got)
		}
		t.Run(map[bool]string{true: "fe64", false: "field25519"}[on], func(t *testing.T) {
			TestVectorFiles(t)
			TestDifferentialConsensus(t)
		})
	}
}
