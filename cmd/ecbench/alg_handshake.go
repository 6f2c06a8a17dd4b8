package main

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/handshake/hsntor"
	"github.com/curvekit/curvekit/handshake/ntor"
	"github.com/curvekit/curvekit/internal/hsntorref"
	"github.com/curvekit/curvekit/internal/ntorref"
	"github.com/curvekit/curvekit/interop/aceref"
	"github.com/curvekit/curvekit/interop/ntorpeer"
)

// Tor's circuit handshakes: ntor (two X25519 products per side), hs-ntor
// (the onion-service handshake, below) and Ace
// (one two-point multiplication on the relay), the comparison of Tor
// proposal 223. No Go library a user would pick implements either; the ntor
// rows are compared with the independent ntor of internal/ntorref (the
// tests' oracle) on crypto/ecdh, circl and voi, as a baseline, and
// the Ace rows with interop/aceref's Ace-shaped handshakes on filippo and
// voi (the same group work and key derivation without the subgroup checks,
// which neither library offers cheaply: a lower bound for Ace on them).
func init() {
	ops := []Op{
		{Name: "client", Desc: "client side: ephemeral key generation, the CREATE message and processing the reply"},
		{Name: "server", Desc: "relay side: answer a CREATE message (its ephemeral key generation included)"},
	}
	ntorOps := append(ops[:1:1], Op{Name: "client-pk", Desc: "client side with the relay key prepared once (ntor.PrecomputedRelayKey)"}, ops[1])
	register(&Algorithm{
		Name: "ntor", Table: TableHandshake, Family: "handshake", Curve: "ntor", Bits: 253,
		Ops: ntorOps, Order: 0,
		Curvekit: Impl{Name: curvekitName, Pkg: "github.com/curvekit/curvekit/handshake/ntor", New: ckNtor},
		Peers: []Impl{
			refNtorImpl("ntor on crypto/ecdh", "crypto/ecdh", ntorref.ECDH),
			refNtorImpl("ntor on circl", "github.com/cloudflare/circl/dh/x25519", ntorpeer.Circl),
			refNtorImpl("ntor on voi", "github.com/oasisprotocol/curve25519-voi/primitives/x25519", ntorpeer.Voi),
		},
	})
	register(&Algorithm{
		Name: "ace", Table: TableHandshake, Family: "handshake", Curve: "Ace", Bits: 253,
		Ops: ops, Order: 1,
		Curvekit: Impl{Name: curvekitName, Pkg: "github.com/curvekit/curvekit/handshake/ace", New: ckAce},
		Peers: []Impl{
			refAceImpl("Ace-shaped on filippo", "filippo.io/edwards25519", aceref.Filippo),
			refAceImpl("Ace-shaped on voi", "github.com/oasisprotocol/curve25519-voi/curve", aceref.Voi),
		},
	})
	register(&Algorithm{
		Name: "hsntor", Table: TableHandshake, Family: "handshake", Curve: "hs-ntor", Bits: 253,
		Ops: []Op{
			{Name: "client", Desc: "client side: ephemeral key, the encrypted and MACed INTRODUCE1 data, and checking RENDEZVOUS2"},
			{Name: "server", Desc: "service side: check and decrypt INTRODUCE2, then build RENDEZVOUS1 (its ephemeral key included)"},
		},
		Order:    2,
		Curvekit: Impl{Name: curvekitName, Pkg: "github.com/curvekit/curvekit/handshake/hsntor", New: ckHsntor},
		Peers:    []Impl{{Name: "hs-ntor on crypto/ecdh", Pkg: "crypto/ecdh", New: refHsntor}},
	})
}

// hsntorBench is one onion-service setup for the hs-ntor rows: the
// introduction point's key pair, auth key and subcredential, the INTRODUCE1
// header and a 246-byte padded plaintext (an INTRODUCE1 body's size).
type hsntorBench struct {
	b, B, auth, subcred, header, plaintext, secret []byte
}

func newHsntorBench() (*hsntorBench, error) {
	key, err := hsntor.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return &hsntorBench{
		b: key.Bytes(), B: key.PublicKey(), auth: randBytes(32), subcred: randBytes(32),
		header: randBytes(43), plaintext: randBytes(246), secret: randBytes(32),
	}, nil
}

// ckHsntor times hsntor's two sides. The client op repeats one handshake
// from a fixed ephemeral secret (read from a bytes.Reader) against a reply
// made before timing.
func ckHsntor(op Op) (OpFunc, error) {
	hb, err := newHsntorBench()
	if err != nil {
		return nil, err
	}
	key, err := hsntor.NewPrivateKey(hb.b)
	if err != nil {
		return nil, err
	}
	svc, err := hsntor.NewService(key, hb.auth, hb.subcred)
	if err != nil {
		return nil, err
	}
	_, msg, err := hsntor.ClientHandshake(bytes.NewReader(hb.secret), hb.auth, hb.B, hb.subcred, hb.header, hb.plaintext)
	if err != nil {
		return nil, err
	}
	ss, _, err := svc.Receive(hb.header, msg)
	if err != nil {
		return nil, err
	}
	reply, _, err := ss.Reply(rand.Reader)
	if err != nil {
		return nil, err
	}
	switch op.Name {
	case "client":
		fn := func() error {
			st, _, err := hsntor.ClientHandshake(bytes.NewReader(hb.secret), hb.auth, hb.B, hb.subcred, hb.header, hb.plaintext)
			if err != nil {
				return err
			}
			keys, err := st.Finish(reply)
			if err != nil {
				return err
			}
			_, err = keys.Bytes(hsntor.CircuitKeySize)
			return err
		}
		if err := fn(); err != nil {
			return nil, fmt.Errorf("hsntor client: %w", err)
		}
		return fn, nil
	case "server":
		return func() error {
			ss, _, err := svc.Receive(hb.header, msg)
			if err != nil {
				return err
			}
			_, keys, err := ss.Reply(rand.Reader)
			if err != nil {
				return err
			}
			_, err = keys.Bytes(hsntor.CircuitKeySize)
			return err
		}, nil
	}
	return nil, errUnsupported
}

// refHsntor is internal/hsntorref (crypto/ecdh, crypto/sha3, crypto/aes),
// timed like ckHsntor.
func refHsntor(op Op) (OpFunc, error) {
	hb, err := newHsntorBench()
	if err != nil {
		return nil, err
	}
	svc, err := hsntorref.NewService(hb.b, hb.auth, hb.subcred)
	if err != nil {
		return nil, err
	}
	_, msg, err := hsntorref.ClientIntro(bytes.NewReader(hb.secret), hb.auth, hb.B, hb.subcred, hb.header, hb.plaintext)
	if err != nil {
		return nil, err
	}
	pend, _, err := svc.Receive(hb.header, msg)
	if err != nil {
		return nil, err
	}
	reply, _, err := pend.Reply(rand.Reader, hsntor.CircuitKeySize)
	if err != nil {
		return nil, err
	}
	switch op.Name {
	case "client":
		fn := func() error {
			c, _, err := hsntorref.ClientIntro(bytes.NewReader(hb.secret), hb.auth, hb.B, hb.subcred, hb.header, hb.plaintext)
			if err != nil {
				return err
			}
			_, err = c.Finish(reply, hsntor.CircuitKeySize)
			return err
		}
		if err := fn(); err != nil {
			return nil, fmt.Errorf("hs-ntor on crypto/ecdh client: %w", err)
		}
		return fn, nil
	case "server":
		return func() error {
			pend, _, err := svc.Receive(hb.header, msg)
			if err != nil {
				return err
			}
			_, _, err = pend.Reply(rand.Reader, hsntor.CircuitKeySize)
			return err
		}, nil
	}
	return nil, errUnsupported
}

// The client op repeats one handshake with a fixed ephemeral secret, so one
// relay reply (made before timing) stays valid; the ephemeral key is still
// derived from its secret inside the timed call.

func ckNtor(op Op) (OpFunc, error) {
	relayKey, err := ntor.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	relayID := randBytes(20)
	relay, err := ntor.NewRelay(relayID, relayKey)
	if err != nil {
		return nil, err
	}
	secret := randBytes(32)
	eph, err := ntor.NewPrivateKey(secret)
	if err != nil {
		return nil, err
	}
	_, msg, err := ntor.ClientHandshakeWithKey(eph, relayID, relayKey.PublicKey())
	if err != nil {
		return nil, err
	}
	reply, _, err := relay.ServerHandshake(rand.Reader, msg)
	if err != nil {
		return nil, err
	}
	// client times one client side whose handshake starts with start: the
	// ephemeral key from its secret, the message, and processing the reply.
	client := func(start func(eph *ntor.PrivateKey) (*ntor.ClientState, []byte, error)) (OpFunc, error) {
		fn := func() error {
			eph, err := ntor.NewPrivateKey(secret)
			if err != nil {
				return err
			}
			st, _, err := start(eph)
			if err != nil {
				return err
			}
			keys, err := st.Finish(reply)
			if err != nil {
				return err
			}
			_, err = keys.Bytes(ntorKeyLen)
			return err
		}
		if err := fn(); err != nil {
			return nil, fmt.Errorf("ntor %s: %w", op.Name, err)
		}
		return fn, nil
	}
	switch op.Name {
	case "client":
		return client(func(eph *ntor.PrivateKey) (*ntor.ClientState, []byte, error) {
			return ntor.ClientHandshakeWithKey(eph, relayID, relayKey.PublicKey())
		})
	case "client-pk":
		pk, err := ntor.PrecomputeRelayKey(relayKey.PublicKey())
		if err != nil {
			return nil, err
		}
		return client(func(eph *ntor.PrivateKey) (*ntor.ClientState, []byte, error) {
			return ntor.ClientHandshakePrecomputedWithKey(eph, relayID, pk)
		})
	case "server":
		return func() error {
			_, keys, err := relay.ServerHandshake(rand.Reader, msg)
			if err != nil {
				return err
			}
			_, err = keys.Bytes(ntorKeyLen)
			return err
		}, nil
	}
	return nil, errUnsupported
}

func ckAce(op Op) (OpFunc, error) {
	relayKey, err := ace.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	nodeID := randBytes(ace.IDSize)
	relay, err := ace.NewRelay(nodeID, relayKey)
	if err != nil {
		return nil, err
	}
	k1, err := ace.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	k2, err := ace.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	s1, s2 := k1.Bytes(), k2.Bytes()
	_, msg, err := ace.ClientHandshakePrecomputedWithKeys(k1, k2, nodeID, relayKey.PublicKey())
	if err != nil {
		return nil, err
	}
	reply, _, err := relay.ServerHandshake(rand.Reader, msg)
	if err != nil {
		return nil, err
	}
	switch op.Name {
	case "client":
		fn := func() error {
			k1, err1 := ace.NewPrivateKey(s1)
			k2, err2 := ace.NewPrivateKey(s2)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("ace key: %v %v", err1, err2)
			}
			st, _, err := ace.ClientHandshakePrecomputedWithKeys(k1, k2, nodeID, relayKey.PublicKey())
			if err != nil {
				return err
			}
			_, err = st.Finish(reply)
			return err
		}
		if err := fn(); err != nil {
			return nil, fmt.Errorf("ace client: %w", err)
		}
		return fn, nil
	case "server":
		return func() error { _, _, err := relay.ServerHandshake(rand.Reader, msg); return err }, nil
	}
	return nil, errUnsupported
}

// ntorKeyLen is the key material both sides read in the ntor rows, Tor's 92
// bytes for a relay circuit, so that curvekit and the reference do the same
// key derivation.
const ntorKeyLen = 92

// refNtorImpl is internal/ntorref's ntor on one X25519 implementation, timed
// like ckNtor: the client op repeats one handshake from a fixed ephemeral
// secret against a reply made before timing.
func refNtorImpl(name, pkg string, dh ntorref.DH) Impl {
	return Impl{Name: name, Pkg: pkg, New: func(op Op) (OpFunc, error) {
		relayKey := dh.NewKey(randBytes(32))
		relayID := randBytes(20)
		secret := randBytes(32)
		_, msg := ntorref.ClientCreate(dh, bytes.NewReader(secret), relayID, relayKey.Pub())
		reply, _, err := ntorref.Server(dh, rand.Reader, relayID, relayKey, msg, ntorKeyLen)
		if err != nil {
			return nil, err
		}
		switch op.Name {
		case "client", "client-pk":
			// The reference has no prepared-key form: its client-pk is its
			// client, the cost a client pays without curvekit's table of B.
			fn := func() error {
				c, _ := ntorref.ClientCreate(dh, bytes.NewReader(secret), relayID, relayKey.Pub())
				_, err := c.Finish(reply, ntorKeyLen)
				return err
			}
			if err := fn(); err != nil {
				return nil, fmt.Errorf("%s client: %w", name, err)
			}
			return fn, nil
		case "server":
			return func() error {
				_, _, err := ntorref.Server(dh, rand.Reader, relayID, relayKey, msg, ntorKeyLen)
				return err
			}, nil
		}
		return nil, errUnsupported
	}}
}

// refAceImpl is interop/aceref's Ace-shaped handshake on one library,
// timed like ckAce: the client op repeats one handshake from fixed
// ephemeral randomness against a reply made before timing (the ephemeral
// scalars are still reduced and multiplied inside the timed call).
func refAceImpl(name, pkg string, g *aceref.Group) Impl {
	return Impl{Name: name, Pkg: pkg, New: func(op Op) (OpFunc, error) {
		nodeID := randBytes(aceref.IDSize)
		relay, err := aceref.NewRelay(g, rand.Reader, nodeID)
		if err != nil {
			return nil, err
		}
		secret := randBytes(128)
		_, msg, err := aceref.ClientCreate(g, bytes.NewReader(secret), nodeID, relay.PublicKey())
		if err != nil {
			return nil, err
		}
		reply, _, err := relay.Respond(rand.Reader, msg)
		if err != nil {
			return nil, err
		}
		switch op.Name {
		case "client":
			fn := func() error {
				c, _, err := aceref.ClientCreate(g, bytes.NewReader(secret), nodeID, relay.PublicKey())
				if err != nil {
					return err
				}
				_, err = c.Finish(reply)
				return err
			}
			if err := fn(); err != nil {
				return nil, fmt.Errorf("%s client: %w", name, err)
			}
			return fn, nil
		case "server":
			return func() error { _, _, err := relay.Respond(rand.Reader, msg); return err }, nil
		}
		return nil, errUnsupported
	}}
}
