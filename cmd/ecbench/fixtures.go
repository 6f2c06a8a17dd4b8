package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"sync"
)

// msgLen is the message size openssl speed signs (20 bytes) for ECDSA and EdDSA.
const msgLen = 20

func randBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return b
}

// signer abstracts a signature scheme for the shared sign/verify set-up.
type signer struct {
	seedLen int
	// newKey derives a key pair from a seed and returns closures over it.
	newKey func(seed []byte) (sign func(msg []byte) ([]byte, error), verify func(msg, sig []byte) bool, err error)
}

// signImpl builds an Impl with ops "sign" and "verify" from a signer:
// the key is derived and, for verify, the signature made before timing.
func signImpl(name, pkg string, s signer) Impl {
	return Impl{Name: name, Pkg: pkg, New: func(op Op) (OpFunc, error) {
		sign, verify, err := s.newKey(randBytes(s.seedLen))
		if err != nil {
			return nil, err
		}
		msg := randBytes(msgLen)
		switch op.Name {
		case "sign":
			return func() error { _, err := sign(msg); return err }, nil
		case "verify":
			sig, err := sign(msg)
			if err != nil {
				return nil, err
			}
			if !verify(msg, sig) {
				return nil, fmt.Errorf("%s: a fresh signature does not verify", name)
			}
			return func() error {
				if !verify(msg, sig) {
					return fmt.Errorf("%s: valid signature rejected", name)
				}
				return nil
			}, nil
		}
		return nil, errUnsupported
	}}
}

// batchInput is n Ed25519 signatures by n distinct keys on distinct messages.
type batchInput struct {
	pubs, msgs, sigs [][]byte
}

var (
	batchMu     sync.Mutex
	batchInputs = map[int]*batchInput{}
)

// ed25519Batch returns the shared (read-only) input for batch size n, made
// once with crypto/ed25519.
func ed25519Batch(n int) *batchInput {
	batchMu.Lock()
	defer batchMu.Unlock()
	if b := batchInputs[n]; b != nil {
		return b
	}
	b := &batchInput{}
	for range n {
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			panic(err)
		}
		msg := randBytes(32)
		b.pubs = append(b.pubs, pub)
		b.msgs = append(b.msgs, msg)
		b.sigs = append(b.sigs, ed25519.Sign(priv, msg))
	}
	batchInputs[n] = b
	return b
}

// batchImpl builds an Impl of ed25519-batch from a function that creates a
// verifier, adds the n entries and verifies them all (every call includes
// verifier creation and every Add, as a user pays them).
func batchImpl(name, pkg string, verifyAll func(in *batchInput) bool) Impl {
	return Impl{Name: name, Pkg: pkg, New: func(op Op) (OpFunc, error) {
		in := ed25519Batch(op.items())
		if !verifyAll(in) {
			return nil, fmt.Errorf("%s: valid batch rejected", name)
		}
		return func() error {
			if !verifyAll(in) {
				return fmt.Errorf("%s: valid batch rejected", name)
			}
			return nil
		}, nil
	}}
}

// dh abstracts a Diffie-Hellman function for the shared set-up of key
// agreement ("op") and key generation ("keygen").
type dh struct {
	secretLen int
	// keygen computes the public key of a secret.
	keygen func(secret []byte) ([]byte, error)
	// agree prepares the timed key agreement of secret with peer's public
	// key (decoding keys outside the timed call where the API allows).
	agree func(secret, peer []byte) (OpFunc, error)
}

// x25519Like adapts an X25519(scalar, point) function, the API of
// golang.org/x/crypto/curve25519, of curvekit/curve25519 and of voi.
func x25519Like(fn func(scalar, point []byte) ([]byte, error), basepoint []byte) dh {
	return dh{
		secretLen: 32,
		keygen:    func(s []byte) ([]byte, error) { return fn(s, basepoint) },
		agree: func(s, peer []byte) (OpFunc, error) {
			return func() error { _, err := fn(s, peer); return err }, nil
		},
	}
}

// dhImpl builds an Impl with ops "op" (key agreement with a fixed peer key,
// as openssl's ECDH op) and "keygen" (public key from a secret).
func dhImpl(name, pkg string, d dh) Impl {
	return Impl{Name: name, Pkg: pkg, New: func(op Op) (OpFunc, error) {
		secret := randBytes(d.secretLen)
		switch op.Name {
		case "op":
			peer, err := d.keygen(randBytes(d.secretLen))
			if err != nil {
				return nil, err
			}
			return d.agree(secret, peer)
		case "keygen":
			return func() error { _, err := d.keygen(secret); return err }, nil
		}
		return nil, errUnsupported
	}}
}
