package main

import (
	"crypto/ecdh"
	"errors"

	"github.com/curvekit/curvekit/curve25519"

	circlx25519 "github.com/cloudflare/circl/dh/x25519"
	voix25519 "github.com/oasisprotocol/curve25519-voi/primitives/x25519"
)

// X25519 key agreement (RFC 7748), openssl's ecdhx25519.
func init() {
	register(&Algorithm{
		Name: "ecdhx25519", Table: TableECDH, Family: "ecdh", Curve: "X25519", Bits: 253,
		Ops:     []Op{{Name: "op", Desc: "X25519(secret, peer public key), as openssl's ECDH op"}},
		OpenSSL: "ecdhx25519", OpenSSLIndex: 22, Order: 22,
		Curvekit: dhImpl(curvekitName, curve25519Pkg, x25519Like(curve25519.X25519, curve25519.Basepoint)),
		Peers:    x25519Peers(),
	})
}

// x25519Peers serve both ecdhx25519 and x25519-base.
func x25519Peers() []Impl {
	return []Impl{
		dhImpl("crypto/ecdh", "crypto/ecdh", ecdhCurve(ecdh.X25519())),
		dhImpl("circl", "github.com/cloudflare/circl/dh/x25519", circlX25519),
		dhImpl("voi", "github.com/oasisprotocol/curve25519-voi/primitives/x25519", x25519Like(voix25519.X25519, voix25519.Basepoint)),
	}
}

// ecdhCurve adapts a crypto/ecdh curve: keys are decoded before timing, the
// timed op is PrivateKey.ECDH, and keygen is NewPrivateKey (which computes
// the public key).
func ecdhCurve(c ecdh.Curve) dh {
	return dh{
		secretLen: 32,
		keygen: func(s []byte) ([]byte, error) {
			k, err := c.NewPrivateKey(s)
			if err != nil {
				return nil, err
			}
			return k.PublicKey().Bytes(), nil
		},
		agree: func(s, peer []byte) (OpFunc, error) {
			k, err := c.NewPrivateKey(s)
			if err != nil {
				return nil, err
			}
			p, err := c.NewPublicKey(peer)
			if err != nil {
				return nil, err
			}
			return func() error { _, err := k.ECDH(p); return err }, nil
		},
	}
}

var errZeroShared = errors.New("all-zero shared secret")

var circlX25519 = dh{
	secretLen: circlx25519.Size,
	keygen: func(s []byte) ([]byte, error) {
		var pub, sk circlx25519.Key
		copy(sk[:], s)
		circlx25519.KeyGen(&pub, &sk)
		return pub[:], nil
	},
	agree: func(s, peer []byte) (OpFunc, error) {
		var sk, pk, out circlx25519.Key
		copy(sk[:], s)
		copy(pk[:], peer)
		return func() error {
			if !circlx25519.Shared(&out, &sk, &pk) {
				return errZeroShared
			}
			return nil
		}, nil
	},
}
