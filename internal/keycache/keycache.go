// Package keycache caches the expanded form of a signing key, as
// crypto/ed25519 does, for ed25519 and ed448: keyed by the address of the
// private key's first byte (a weak pointer, dropped when the key is
// collected) and checked against all of the key's bytes on every hit, in
// constant time, so that a key modified in place is expanded again.
//
// The cache is what makes the signers' seed check affordable: the
// fixed-base multiplication that recomputes the public half runs once per
// key, not per signature.
//
// # Keys outside the Go heap
//
// Only keys in the Go heap are cached. weak.Make, which keys the cache,
// aborts the process ("fatal error: getWeakHandle on invalid pointer", which
// recover cannot catch) for memory the Go heap does not own: a key in
// mmap'd memory (memguard-style locked pages), in memory allocated by C, or
// in any other mapping. [InHeap] asks the runtime first, through
// runtime.findObject, and such a key is expanded on every call and never
// cached: it signs correctly, at the cost of one expansion per call (for
// Ed25519 and Ed448 a fixed-base multiplication, about as much again as the
// signature). ed25519 and ed448 call InHeap themselves and expand such a key
// into a variable on their stack, wiped after signing, so that no copy of
// it is left in the Go heap, which is what such keys are put outside the
// heap for; Get, given one, returns a new K (in the heap) on every call.
// The branch stays in the callers: a scratch K passed through Get escapes
// (Get may return it), which would move every caller's stack variable to
// the heap and cost an allocation per signature on the common path.
// Keys in Go globals are not cached either (findObject does not know them;
// weak.Make would have treated them as immortal).
//
// Design decision: runtime.findObject is reached with go:linkname. It is a
// "hall of shame" symbol (go.dev/issue/67401): the runtime marks it for
// outside use and promises not to change its signature, and its comment
// states the behaviour relied on — a pointer to memory that has never been
// part of the heap (mmap'd) returns base 0 without a throw. It costs a few
// nanoseconds (one lookup in the heap's arena index) on every Get. The
// alternatives measured against it, and why they lost:
//
//   - A cache keyed by the public half (or a digest) of the key, which needs
//     no address: an entry can then not be tied to the key's lifetime, so
//     the expanded secret outlives a key the caller dropped or wiped (a
//     bounded LRU shortens, not removes, the retention), and a key in locked
//     memory would be copied into the Go heap, against its owner's intent.
//     The lookup itself would be on public data (no constant-time concern),
//     and a hit must still compare all of the key's bytes in constant time.
//   - Probing with runtime.AddCleanup, which panics (recoverably) rather
//     than throws for a pointer outside the heap: that is undocumented too,
//     it allocates on every call, and the lookup before it would need a key
//     other than weak.Make's.
//
// A pointer into a heap arena that is not a live object (impossible for a
// slice obtained without package unsafe) would still make findObject
// throw, as it makes every runtime check on such a pointer throw.
//
// The check costs about 5 ns per signature (BenchmarkInHeap) beside about
// 110 ns for the rest of a cache hit and 9–10 µs for an Ed25519 signature;
// the figures, before and after, and the commands are in DESIGN.md.
package keycache

import (
	"crypto/subtle"
	"runtime"
	"sync"
	"unsafe"
	"weak"
)

// Cache maps private keys to their expanded forms K. The zero value is an
// empty cache, safe for concurrent use.
type Cache[K any] struct {
	m sync.Map // weak.Pointer[byte] → *entry[K]
}

type entry[K any] struct {
	bytes []byte
	key   K
}

// Get returns the expanded form of priv (not empty): the cached one if the
// bytes at priv's address are unchanged, else expand's, which is cached
// unless expand returns an error (then Get returns it, and nothing is
// cached) or priv is not in the Go heap ([InHeap]; then a new K is
// returned on every call). The returned key must not be modified.
func (c *Cache[K]) Get(priv []byte, expand func(*K) error) (*K, error) {
	if !InHeap(priv) {
		k := new(K)
		if err := expand(k); err != nil {
			return nil, err
		}
		return k, nil
	}
	p := weak.Make(&priv[0])
	if v, ok := c.m.Load(p); ok {
		e := v.(*entry[K])
		if subtle.ConstantTimeCompare(e.bytes, priv) == 1 {
			return &e.key, nil
		}
	}
	e := &entry[K]{bytes: append([]byte(nil), priv...)}
	if err := expand(&e.key); err != nil {
		return nil, err
	}
	if _, loaded := c.m.Swap(p, e); !loaded {
		m := &c.m
		runtime.AddCleanup(&priv[0], func(p weak.Pointer[byte]) { m.Delete(p) }, p)
	}
	return &e.key, nil
}

// InHeap reports whether the first byte of b (not empty) is in an object of
// the Go heap, the memory weak.Make and runtime.AddCleanup accept. It is
// false for mmap'd memory, memory allocated by C, Go globals and goroutine
// stacks. Callers that expand a key themselves when it is false can keep the
// expansion on their stack and wipe it.
func InHeap(b []byte) bool {
	base, _, _ := findObject(uintptr(unsafe.Pointer(unsafe.SliceData(b))), 0, 0)
	return base != 0
}

// findObject is the runtime's (mbitmap.go): for p in a heap object it
// returns the object's base, for p in memory that has never been part of
// the heap, or in a goroutine stack, it returns 0. Its signature is frozen
// (go.dev/issue/67401); the span it returns is not used here.
//
//go:linkname findObject runtime.findObject
//go:noescape
func findObject(p, refBase, refOff uintptr) (base uintptr, s unsafe.Pointer, objIndex uintptr)
