// Package keycache caches the expanded form of a signing key, as
// crypto/ed25519 does, for ed25519 and ed448: keyed by the address of the
// private key's first byte (a weak pointer, dropped when the key is
// collected) and checked against all of the key's bytes on every hit, in
// constant time, so that a key modified in place is expanded again.
//
// The cache is what makes the signers' seed check affordable: the
// fixed-base multiplication that recomputes the public half runs once per
// key, not per signature.
package keycache

import (
	"crypto/subtle"
	"runtime"
	"sync"
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
// cached). The returned key must not be modified.
func (c *Cache[K]) Get(priv []byte, expand func(*K) error) (*K, error) {
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
