package batch

import (
	"testing"

	"github.com/curvekit/curvekit/internal/fastpath"
)

// TestPippenger64Dispatch runs the batch tests that reach Pippenger (the
// larger ZIP-215 batches) with curve25519's fe64 Pippenger on (where this
// build and CPU run it) and off (field25519). The other tests run the
// default: fe64 where it runs. The interop module runs its differential
// tests against the peers both ways too.
func TestPippenger64Dispatch(t *testing.T) {
	defer fastpath.Pippenger64(true) // the default
	if !fastpath.Pippenger64(true) {
		t.Skip("no fe64 assembly in this build or on this CPU: the tests run field25519")
	}
	for _, on := range []bool{true, false} {
		if got := fastpath.Pippenger64(on); got != on {
			t.Fatalf("fastpath.Pippenger64(%v) = %v", on, got)
		}
		t.Run(map[bool]string{true: "fe64", false: "field25519"}[on], func(t *testing.T) {
			TestHonestBatches(t)
			TestBadSignatures(t)
		})
	}
}
