package main

import (
	"bytes"
	"crypto/ed25519"
	"errors"

	cked25519 "github.com/curvekit/curvekit/ed25519"

	circled25519 "github.com/cloudflare/circl/sign/ed25519"
	voied25519 "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

// Ed25519 signatures (RFC 8032), openssl's ed25519.
func init() {
	register(&Algorithm{
		Name: "ed25519", Table: TableEdDSA, Family: "EdDSA", Curve: "Ed25519", Bits: 253,
		Ops: []Op{
			{Name: "sign", Desc: "sign a 20-byte message (openssl's size) with a prepared key"},
			{Name: "verify", Desc: "verify a valid signature on a 20-byte message"},
		},
		OpenSSL: "ed25519", OpenSSLIndex: 0, Order: 0,
		Curvekit: signImpl(curvekitName, ed25519Pkg, sameAsStdlib(ed25519Signer(
			func(seed []byte) ([]byte, []byte) {
				k := cked25519.NewKeyFromSeed(seed)
				return k, k.Public().(cked25519.PublicKey)
			},
			func(priv, msg []byte) []byte { return cked25519.Sign(priv, msg) },
			func(pub, msg, sig []byte) bool { return cked25519.Verify(pub, msg, sig) }))),
		Peers: []Impl{
			signImpl("crypto/ed25519", "crypto/ed25519", ed25519Signer(
				func(seed []byte) ([]byte, []byte) {
					k := ed25519.NewKeyFromSeed(seed)
					return k, k.Public().(ed25519.PublicKey)
				},
				func(priv, msg []byte) []byte { return ed25519.Sign(priv, msg) },
				func(pub, msg, sig []byte) bool { return ed25519.Verify(pub, msg, sig) })),
			signImpl("voi", "github.com/oasisprotocol/curve25519-voi/primitives/ed25519", ed25519Signer(
				func(seed []byte) ([]byte, []byte) {
					k := voied25519.NewKeyFromSeed(seed)
					return k, k.Public().(voied25519.PublicKey)
				},
				func(priv, msg []byte) []byte { return voied25519.Sign(priv, msg) },
				func(pub, msg, sig []byte) bool { return voied25519.Verify(pub, msg, sig) })),
			signImpl("circl", "github.com/cloudflare/circl/sign/ed25519", ed25519Signer(
				func(seed []byte) ([]byte, []byte) {
					k := circled25519.NewKeyFromSeed(seed)
					return k, k.Public().(circled25519.PublicKey)
				},
				func(priv, msg []byte) []byte { return circled25519.Sign(priv, msg) },
				func(pub, msg, sig []byte) bool { return circled25519.Verify(pub, msg, sig) })),
		},
	})
}

// ed25519Signer adapts the crypto/ed25519 API shape (NewKeyFromSeed, Sign,
// Verify on byte-slice keys) that every Ed25519 library here follows.
func ed25519Signer(newKey func(seed []byte) (priv, pub []byte), sign func(priv, msg []byte) []byte, verify func(pub, msg, sig []byte) bool) signer {
	return signer{seedLen: 32, newKey: func(seed []byte) (func([]byte) ([]byte, error), func(msg, sig []byte) bool, error) {
		priv, pub := newKey(seed)
		return func(msg []byte) ([]byte, error) { return sign(priv, msg), nil },
			func(msg, sig []byte) bool { return verify(pub, msg, sig) }, nil
	}}
}

// sameAsStdlib checks, once per key before timing, that s signs exactly as
// crypto/ed25519 does (Ed25519 signatures are deterministic), so that a
// broken implementation fails its row instead of posting a figure.
func sameAsStdlib(s signer) signer {
	newKey := s.newKey
	s.newKey = func(seed []byte) (func([]byte) ([]byte, error), func(msg, sig []byte) bool, error) {
		sign, verify, err := newKey(seed)
		if err != nil {
			return nil, nil, err
		}
		msg := randBytes(msgLen)
		sig, err := sign(msg)
		if err != nil {
			return nil, nil, err
		}
		if !bytes.Equal(sig, ed25519.Sign(ed25519.NewKeyFromSeed(seed), msg)) {
			return nil, nil, errors.New("signature differs from crypto/ed25519's")
		}
		return sign, verify, nil
	}
	return s
}
