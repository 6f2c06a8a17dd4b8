// Package ntorpeer supplies internal/ntorref's X25519 on circl and on
// curve25519-voi, for handshake/ntor's differential tests and benchmarks in
// this module and for cmd/ecbench's ntor rows. It is not part of the library.
package ntorpeer

import (
	"errors"

	circl "github.com/cloudflare/circl/dh/x25519"
	"github.com/curvekit/curvekit/internal/ntorref"
	voi "github.com/oasisprotocol/curve25519-voi/primitives/x25519"
)

type circlKey struct{ s, p circl.Key }

func (k *circlKey) Pub() []byte { return k.p[:] }
func (k *circlKey) Shared(peer []byte) ([]byte, error) {
	var out, p circl.Key
	copy(p[:], peer)
	if !circl.Shared(&out, &k.s, &p) {
		return nil, errors.New("low order")
	}
	return out[:], nil
}

// Circl is github.com/cloudflare/circl/dh/x25519.
var Circl = ntorref.DH{
	Name: "circl",
	NewKey: func(priv []byte) ntorref.Key {
		k := new(circlKey)
		copy(k.s[:], priv)
		circl.KeyGen(&k.p, &k.s)
		return k
	},
}

type voiKey struct{ s, p [32]byte }

func (k *voiKey) Pub() []byte { return k.p[:] }
func (k *voiKey) Shared(peer []byte) ([]byte, error) {
	return voi.X25519(k.s[:], peer)
}

// Voi is github.com/oasisprotocol/curve25519-voi/primitives/x25519.
var Voi = ntorref.DH{
	Name: "voi",
	NewKey: func(priv []byte) ntorref.Key {
		k := new(voiKey)
		copy(k.s[:], priv)
		voi.ScalarBaseMult(&k.p, &k.s)
		return k
	},
}
