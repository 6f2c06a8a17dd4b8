package keycache

import (
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/curvekit/curvekit/internal/keycache/mmaptest"
)

func TestGet(t *testing.T) {
	var c Cache[[2]byte]
	calls := 0
	expand := func(priv []byte) func(*[2]byte) error {
		return func(k *[2]byte) error {
			calls++
			if priv[0] == 0xff {
				return errors.New("refused")
			}
			*k = [2]byte{priv[0] + 1, priv[1] + 1}
			return nil
		}
	}
	priv := []byte{1, 2, 3}
	for i := range 3 {
		k, err := c.Get(priv, expand(priv))
		if err != nil || *k != [2]byte{2, 3} {
			t.Fatalf("Get #%d = %v, %v", i, k, err)
		}
	}
	if calls != 1 {
		t.Fatalf("expand called %d times for one key, want 1", calls)
	}

	priv[1] = 9 // modified in place: the entry must not be used
	if k, err := c.Get(priv, expand(priv)); err != nil || *k != [2]byte{2, 10} || calls != 2 {
		t.Fatalf("after modification: %v, %v, %d calls", k, err, calls)
	}
	priv[2] = 7 // a byte expand does not read: still a new entry
	if _, err := c.Get(priv, expand(priv)); err != nil || calls != 3 {
		t.Fatalf("after modifying the last byte: %v, %d calls", err, calls)
	}

	bad := []byte{0xff, 0}
	for i := range 2 {
		if k, err := c.Get(bad, expand(bad)); err == nil || k != nil {
			t.Fatalf("Get #%d of a refused key = %v, %v", i, k, err)
		}
	}
	if calls != 5 {
		t.Fatalf("a refused key was cached (%d calls, want 5)", calls)
	}

	other := []byte{1, 2, 3} // same bytes, other address
	if _, err := c.Get(other, expand(other)); err != nil || calls != 6 {
		t.Fatalf("another key's entry was used: %v, %d calls", err, calls)
	}
	runtime.KeepAlive(priv)
}

// TestCleanup checks that entries go away with their keys.
func TestCleanup(t *testing.T) {
	var c Cache[int]
	func() {
		priv := make([]byte, 64)
		c.Get(priv, func(k *int) error { *k = 1; return nil })
	}()
	for range 50 {
		runtime.GC()
		time.Sleep(time.Millisecond) // cleanups run on their own goroutine
		n := 0
		c.m.Range(func(any, any) bool { n++; return true })
		if n == 0 {
			return
		}
	}
	t.Error("the entry of a collected key was not removed")
}

// global is a key in a Go global: not in the heap, and not cached.
var global [8]byte

// sink makes a slice escape to the heap.
var sink []byte

// TestInHeap checks InHeap on the kinds of memory a key can be in.
func TestInHeap(t *testing.T) {
	heap := make([]byte, 64)
	sink = heap
	if !InHeap(heap) || !InHeap(heap[63:]) {
		t.Error("a heap slice (or its last byte) is not in the heap")
	}
	var stack [64]byte // InHeap does not make it escape
	if InHeap(stack[:]) {
		t.Error("a stack array is in the heap")
	}
	if InHeap(global[:]) {
		t.Error("a global is in the heap")
	}
	m, unmap, err := mmaptest.Map(4096)
	if err != nil {
		t.Skip("no anonymous mmap here:", err)
	}
	defer unmap()
	if InHeap(m) || InHeap(m[100:]) {
		t.Error("mmap'd memory is in the heap")
	}
}

// TestGetOutsideHeap checks that keys outside the Go heap (mmap'd, a
// global) are expanded on every call and never cached, and that Get does
// not abort the process on them (weak.Make does).
func TestGetOutsideHeap(t *testing.T) {
	m, unmap, err := mmaptest.Map(4096)
	if err != nil {
		t.Skip("no anonymous mmap here:", err)
	}
	defer unmap()
	for name, priv := range map[string][]byte{"mmap": m[:64], "global": global[:]} {
		var c Cache[[2]byte]
		calls := 0
		expand := func(k *[2]byte) error {
			calls++
			*k = [2]byte{priv[0] + 1, priv[1] + 1}
			return nil
		}
		priv[0], priv[1] = 1, 2
		for i := range 3 {
			k, err := c.Get(priv, expand)
			if err != nil || *k != [2]byte{2, 3} {
				t.Fatalf("%s: Get #%d = %v, %v", name, i, k, err)
			}
		}
		priv[1] = 9
		if k, err := c.Get(priv, expand); err != nil || *k != [2]byte{2, 10} {
			t.Fatalf("%s: after modification: %v, %v", name, k, err)
		}
		if calls != 4 {
			t.Errorf("%s: expand called %d times for 4 Gets, want 4 (uncached)", name, calls)
		}
		n := 0
		c.m.Range(func(any, any) bool { n++; return true })
		if n != 0 {
			t.Errorf("%s: %d entries cached", name, n)
		}
		if _, err := c.Get(priv, func(*[2]byte) error { return errors.New("refused") }); err == nil {
			t.Errorf("%s: an expansion error was not returned", name)
		}
	}
}

func BenchmarkInHeap(b *testing.B) {
	priv := make([]byte, 64)
	sink = priv
	for i := 0; i < b.N; i++ {
		if !InHeap(priv) {
			b.Fatal("not in the heap")
		}
	}
}
