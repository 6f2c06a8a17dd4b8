package ntor

// An independent ntor written straight from tor-spec §5.1.4 on a pluggable
// X25519: the differential oracle for the tests and the baseline (on
// crypto/ecdh, circl and voi) for the benchmarks. It shares no code with the
// package.

import (
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"io"

	circl "github.com/cloudflare/circl/dh/x25519"
	voi "github.com/oasisprotocol/curve25519-voi/primitives/x25519"
)

// refDH is one X25519 implementation. newKey parses a private key once (and
// computes its public key, as each library does on key creation); shared
// returns the Diffie-Hellman result, with an error on the all-zero output.
type refDH struct {
	name   string
	newKey func(priv []byte) refKey
}

type refKey interface {
	pub() []byte
	shared(peer []byte) ([]byte, error)
}

type ecdhKey struct{ k *ecdh.PrivateKey }

func (k ecdhKey) pub() []byte { return k.k.PublicKey().Bytes() }
func (k ecdhKey) shared(peer []byte) ([]byte, error) {
	p, err := ecdh.X25519().NewPublicKey(peer)
	if err != nil {
		return nil, err
	}
	return k.k.ECDH(p)
}

var refECDH = refDH{
	name: "ecdh",
	newKey: func(priv []byte) refKey {
		k, err := ecdh.X25519().NewPrivateKey(priv)
		if err != nil {
			panic(err)
		}
		return ecdhKey{k}
	},
}

type circlKey struct{ s, p circl.Key }

func (k *circlKey) pub() []byte { return k.p[:] }
func (k *circlKey) shared(peer []byte) ([]byte, error) {
	var out, p circl.Key
	copy(p[:], peer)
	if !circl.Shared(&out, &k.s, &p) {
		return nil, errors.New("low order")
	}
	return out[:], nil
}

var refCircl = refDH{
	name: "circl",
	newKey: func(priv []byte) refKey {
		k := new(circlKey)
		copy(k.s[:], priv)
		circl.KeyGen(&k.p, &k.s)
		return k
	},
}

type voiKey struct{ s, p [32]byte }

func (k *voiKey) pub() []byte { return k.p[:] }
func (k *voiKey) shared(peer []byte) ([]byte, error) {
	return voi.X25519(k.s[:], peer)
}

var refVoi = refDH{
	name: "voi",
	newKey: func(priv []byte) refKey {
		k := new(voiKey)
		copy(k.s[:], priv)
		voi.ScalarBaseMult(&k.p, &k.s)
		return k
	},
}

type refClient struct {
	id, b []byte
	x     refKey
}

func refRandKey(r io.Reader) []byte {
	if r == nil {
		r = rand.Reader
	}
	k := make([]byte, 32)
	if _, err := io.ReadFull(r, k); err != nil {
		panic(err)
	}
	return k
}

func refClientCreate(dh refDH, r io.Reader, id, b []byte) (*refClient, []byte) {
	c := &refClient{id: id, b: b, x: dh.newKey(refRandKey(r))}
	msg := append(append(append([]byte{}, id...), b...), c.x.pub()...)
	return c, msg
}

func refTweak(s string) []byte { return []byte(s) }

func refH(msg []byte, tweak string) []byte {
	m := hmac.New(sha256.New, refTweak(tweak))
	m.Write(msg)
	return m.Sum(nil)
}

// refKeys returns secret_input's KEY_SEED-derived AUTH and n bytes of keys.
func refDerive(secretInput, id, b, y, x []byte, n int) (auth, keys []byte) {
	const p = "ntor-curve25519-sha256-1"
	verify := refH(secretInput, p+":verify")
	authInput := append(append(append(append(append(append(append([]byte{}, verify...), id...), b...), y...), x...), p...), "Server"...)
	auth = refH(authInput, p+":mac")
	keys, err := hkdf.Key(sha256.New, secretInput, []byte(p+":key_extract"), p+":key_expand", n)
	if err != nil {
		panic(err)
	}
	return auth, keys
}

// refServer answers msg for the relay with identity id and parsed onion key b.
func refServer(dh refDH, r io.Reader, id []byte, b refKey, msg []byte, n int) (reply, keys []byte, err error) {
	if len(msg) != 84 || string(msg[:20]) != string(id) {
		return nil, nil, errors.New("bad message")
	}
	bPub := b.pub()
	if string(msg[20:52]) != string(bPub) {
		return nil, nil, errors.New("unknown key")
	}
	x := msg[52:]
	y := dh.newKey(refRandKey(r))
	bigY := y.pub()
	s1, err1 := y.shared(x)
	s2, err2 := b.shared(x)
	if err1 != nil || err2 != nil {
		return nil, nil, errors.New("low order")
	}
	si := append(append(append(append(append(append(append([]byte{}, s1...), s2...), id...), bPub...), x...), bigY...), "ntor-curve25519-sha256-1"...)
	auth, keys := refDerive(si, id, bPub, bigY, x, n)
	return append(bigY, auth...), keys, nil
}

func (c *refClient) finish(reply []byte, n int) ([]byte, error) {
	if len(reply) != 64 {
		return nil, errors.New("bad reply")
	}
	y, auth := reply[:32], reply[32:]
	s1, err1 := c.x.shared(y)
	s2, err2 := c.x.shared(c.b)
	if err1 != nil || err2 != nil {
		return nil, errors.New("low order")
	}
	si := append(append(append(append(append(append(append([]byte{}, s1...), s2...), c.id...), c.b...), c.x.pub()...), y...), "ntor-curve25519-sha256-1"...)
	want, keys := refDerive(si, c.id, c.b, y, c.x.pub(), n)
	if subtle.ConstantTimeCompare(want, auth) != 1 {
		return nil, errors.New("auth")
	}
	return keys, nil
}
