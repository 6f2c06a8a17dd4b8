package mmaptest_test

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/internal/keycache"
	"github.com/curvekit/curvekit/internal/keycache/mmaptest"
)

// TestCopy checks that Copy returns the same bytes outside the Go heap.
func TestCopy(t *testing.T) {
	b := []byte("a key of some bytes")
	m := mmaptest.Copy(t, b)
	if !bytes.Equal(m, b) || &m[0] == &b[0] {
		t.Fatalf("Copy gave %q", m)
	}
	if keycache.InHeap(m) {
		t.Error("the copy is in the Go heap")
	}
}
