package main

import (
	"bytes"
	"crypto/ed25519"
	"errors"

	circled25519 "github.com/cloudflare/circl/sign/ed25519"
	circled448 "github.com/cloudflare/circl/sign/ed448"
	voied25519 "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"

	cked25519 "github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/ed448"
)

// Signing with a fresh copy of the private key on every call: the EdDSA
// table's sign reuses one key slice, which curvekit's ed25519 and ed448
// expand once and then find in their key cache; a key read anew for each
// signature (from disk, from a message) misses the cache and pays for the
// expansion and the check of its public half every time.
func init() {
	const desc = "sign a 20-byte message with a fresh copy of the private key each call (the key cache misses; the EdDSA table's sign reuses one key)"
	register(&Algorithm{
		Name: "ed25519-freshkey", Table: TableFreshKey, Family: "EdDSA sign", Curve: "Ed25519", Bits: 253,
		Ops:      []Op{{Name: "fresh-key", Desc: desc}},
		Order:    0,
		Curvekit: freshKeyImpl(curvekitName, ed25519Pkg, 32, func(seed []byte) []byte { return cked25519.NewKeyFromSeed(seed) }, func(priv, msg []byte) []byte { return cked25519.Sign(priv, msg) }),
		Peers: []Impl{
			freshKeyImpl("crypto/ed25519", "crypto/ed25519", 32, func(seed []byte) []byte { return ed25519.NewKeyFromSeed(seed) }, func(priv, msg []byte) []byte { return ed25519.Sign(priv, msg) }),
			freshKeyImpl("voi", "github.com/oasisprotocol/curve25519-voi/primitives/ed25519", 32, func(seed []byte) []byte { return voied25519.NewKeyFromSeed(seed) }, func(priv, msg []byte) []byte { return voied25519.Sign(priv, msg) }),
			freshKeyImpl("circl", "github.com/cloudflare/circl/sign/ed25519", 32, func(seed []byte) []byte { return circled25519.NewKeyFromSeed(seed) }, func(priv, msg []byte) []byte { return circled25519.Sign(priv, msg) }),
		},
	})
	register(&Algorithm{
		Name: "ed448-freshkey", Table: TableFreshKey, Family: "EdDSA sign", Curve: "Ed448", Bits: 456,
		Ops:      []Op{{Name: "fresh-key", Desc: desc}},
		Order:    1,
		Curvekit: freshKeyImpl(curvekitName, "github.com/curvekit/curvekit/ed448", ed448.SeedSize, func(seed []byte) []byte { return ed448.NewKeyFromSeed(seed) }, func(priv, msg []byte) []byte { return ed448.Sign(priv, msg, "") }),
		Peers: []Impl{
			freshKeyImpl("circl", "github.com/cloudflare/circl/sign/ed448", circled448.SeedSize, func(seed []byte) []byte { return circled448.NewKeyFromSeed(seed) }, func(priv, msg []byte) []byte { return circled448.Sign(priv, msg, "") }),
		},
	})
}

// freshKeyImpl signs with a newly allocated copy of one private key on
// every call; the copy (one allocation of 64 or 114 bytes) is part of the
// timed call. Before timing it checks that a fresh copy signs exactly as
// the original key does (EdDSA is deterministic).
func freshKeyImpl(name, pkg string, seedLen int, newKey func(seed []byte) []byte, sign func(priv, msg []byte) []byte) Impl {
	return Impl{Name: name, Pkg: pkg, New: func(op Op) (OpFunc, error) {
		if op.Name != "fresh-key" {
			return nil, errUnsupported
		}
		priv := newKey(randBytes(seedLen))
		msg := randBytes(msgLen)
		want := sign(priv, msg)
		if got := sign(bytes.Clone(priv), msg); !bytes.Equal(got, want) {
			return nil, errors.New("a copy of the key signs differently from the key")
		}
		return func() error {
			k := make([]byte, len(priv))
			copy(k, priv)
			sign(k, msg)
			return nil
		}, nil
	}}
}
