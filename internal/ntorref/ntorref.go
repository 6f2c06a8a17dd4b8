// Package ntorref is an independent ntor (tor-spec §5.1.4) on a pluggable
// X25519 — crypto/ecdh here, circl or curve25519-voi from the interop
// module's ntorpeer — written straight from the specification and sharing no
// code with handshake/ntor. It is the differential oracle of handshake/ntor's
// tests and the baseline of its benchmarks and of cmd/ecbench's ntor rows; it
// is not part of the library.
package ntorref

import (
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"io"
)

// DH is one X25519 implementation. NewKey parses a private key once (and
// computes its public key, as each library does on key creation); Shared
// returns the Diffie-Hellman result, with an error on the all-zero output.
type DH struct {
	Name   string
	NewKey func(priv []byte) Key
}

// Key is a private key of one implementation: its public key, and the
// Diffie–Hellman result with a peer's (an error on the all-zero output).
type Key interface {
	Pub() []byte
	Shared(peer []byte) ([]byte, error)
}

type ecdhKey struct{ k *ecdh.PrivateKey }

func (k ecdhKey) Pub() []byte { return k.k.PublicKey().Bytes() }
func (k ecdhKey) Shared(peer []byte) ([]byte, error) {
	p, err := ecdh.X25519().NewPublicKey(peer)
	if err != nil {
		return nil, err
	}
	return k.k.ECDH(p)
}

// ECDH is crypto/ecdh's X25519.
var ECDH = DH{
	Name: "ecdh",
	NewKey: func(priv []byte) Key {
		k, err := ecdh.X25519().NewPrivateKey(priv)
		if err != nil {
			panic(err)
		}
		return ecdhKey{k}
	},
}

// Client is the client's state between ClientCreate and Finish.
type Client struct {
	id, b []byte
	x     Key
}

func randKey(r io.Reader) []byte {
	if r == nil {
		r = rand.Reader
	}
	k := make([]byte, 32)
	if _, err := io.ReadFull(r, k); err != nil {
		panic(err)
	}
	return k
}

// ClientCreate makes the client's ephemeral key from r (crypto/rand if nil)
// and returns the state and the 84-byte message ID ‖ B ‖ X.
func ClientCreate(dh DH, r io.Reader, id, b []byte) (*Client, []byte) {
	c := &Client{id: id, b: b, x: dh.NewKey(randKey(r))}
	msg := append(append(append([]byte{}, id...), b...), c.x.Pub()...)
	return c, msg
}

// h is H(msg, t) = HMAC-SHA256 keyed by the tweak t.
func h(msg []byte, t string) []byte {
	m := hmac.New(sha256.New, []byte(t))
	m.Write(msg)
	return m.Sum(nil)
}

// derive returns secret_input's AUTH and n bytes of keys.
func derive(secretInput, id, b, y, x []byte, n int) (auth, keys []byte) {
	const p = "ntor-curve25519-sha256-1"
	verify := h(secretInput, p+":verify")
	authInput := append(append(append(append(append(append(append([]byte{}, verify...), id...), b...), y...), x...), p...), "Server"...)
	auth = h(authInput, p+":mac")
	keys, err := hkdf.Key(sha256.New, secretInput, []byte(p+":key_extract"), p+":key_expand", n)
	if err != nil {
		panic(err)
	}
	return auth, keys
}

// Server answers msg for the relay with identity id and parsed onion key b.
func Server(dh DH, r io.Reader, id []byte, b Key, msg []byte, n int) (reply, keys []byte, err error) {
	if len(msg) != 84 || string(msg[:20]) != string(id) {
		return nil, nil, errors.New("bad message")
	}
	bPub := b.Pub()
	if string(msg[20:52]) != string(bPub) {
		return nil, nil, errors.New("unknown key")
	}
	x := msg[52:]
	y := dh.NewKey(randKey(r))
	bigY := y.Pub()
	s1, err1 := y.Shared(x)
	s2, err2 := b.Shared(x)
	if err1 != nil || err2 != nil {
		return nil, nil, errors.New("low order")
	}
	si := append(append(append(append(append(append(append([]byte{}, s1...), s2...), id...), bPub...), x...), bigY...), "ntor-curve25519-sha256-1"...)
	auth, keys := derive(si, id, bPub, bigY, x, n)
	return append(bigY, auth...), keys, nil
}

// Finish checks the relay's reply Y ‖ AUTH and returns n bytes of keys.
func (c *Client) Finish(reply []byte, n int) ([]byte, error) {
	if len(reply) != 64 {
		return nil, errors.New("bad reply")
	}
	y, auth := reply[:32], reply[32:]
	s1, err1 := c.x.Shared(y)
	s2, err2 := c.x.Shared(c.b)
	if err1 != nil || err2 != nil {
		return nil, errors.New("low order")
	}
	si := append(append(append(append(append(append(append([]byte{}, s1...), s2...), c.id...), c.b...), c.x.Pub()...), y...), "ntor-curve25519-sha256-1"...)
	want, keys := derive(si, c.id, c.b, y, c.x.Pub(), n)
	if subtle.ConstantTimeCompare(want, auth) != 1 {
		return nil, errors.New("auth")
	}
	return keys, nil
}
