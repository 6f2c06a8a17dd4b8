package keycache

import (
	"errors"
	"runtime"
	"testing"
	"time"
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
