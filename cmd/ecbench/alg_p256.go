package main

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"

	"github.com/curvekit/curvekit/p256"
)

const p256Pkg = "github.com/curvekit/curvekit/p256"

// NIST P-256: ECDSA (openssl's ecdsap256) and ECDH (openssl's ecdhp256).
func init() {
	register(&Algorithm{
		Name: "ecdsap256", Table: TableECDSA, Family: "ecdsa", Curve: "nistp256", Bits: 256,
		Ops: []Op{
			{Name: "sign", Desc: "sign a 20-byte digest (openssl's size), randomized nonce"},
			{Name: "verify", Desc: "verify a valid signature on a 20-byte digest"},
		},
		OpenSSL: "ecdsap256", OpenSSLIndex: 3, Order: 3,
		Curvekit: signImpl(curvekitName, p256Pkg, signer{
			newKey: func([]byte) (func([]byte) ([]byte, error), func(msg, sig []byte) bool, error) {
				k, err := p256.GenerateKey(rand.Reader)
				if err != nil {
					return nil, nil, err
				}
				pub := k.PublicKey()
				return func(digest []byte) ([]byte, error) { return p256.SignASN1(rand.Reader, k, digest) },
					func(digest, sig []byte) bool { return p256.VerifyASN1(pub, digest, sig) }, nil
			},
		}),
		Peers: []Impl{signImpl("crypto/ecdsa", "crypto/ecdsa", signer{
			seedLen: 0,
			newKey: func([]byte) (func([]byte) ([]byte, error), func(msg, sig []byte) bool, error) {
				k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
				if err != nil {
					return nil, nil, err
				}
				return func(digest []byte) ([]byte, error) { return ecdsa.SignASN1(rand.Reader, k, digest) },
					func(digest, sig []byte) bool { return ecdsa.VerifyASN1(&k.PublicKey, digest, sig) }, nil
			},
		})},
	})
	register(&Algorithm{
		Name: "ecdhp256", Table: TableECDH, Family: "ecdh", Curve: "nistp256", Bits: 256,
		Ops:     []Op{{Name: "op", Desc: "ECDH with a decoded peer public key, as openssl's ECDH op"}},
		OpenSSL: "ecdhp256", OpenSSLIndex: 3, Order: 3,
		Curvekit: dhImpl(curvekitName, p256Pkg, curvekitP256ECDH),
		Peers:    []Impl{dhImpl("crypto/ecdh", "crypto/ecdh", p256ECDH())},
	})
}

// p256ECDH is ecdhCurve for P-256, drawing secrets with GenerateKey since
// not every 32-byte string is a valid P-256 secret.
func p256ECDH() dh {
	d := ecdhCurve(ecdh.P256())
	return dh{
		secretLen: 32,
		keygen: func([]byte) ([]byte, error) {
			k, err := ecdh.P256().GenerateKey(rand.Reader)
			if err != nil {
				return nil, err
			}
			return k.PublicKey().Bytes(), nil
		},
		agree: func(_, peer []byte) (OpFunc, error) {
			k, err := ecdh.P256().GenerateKey(rand.Reader)
			if err != nil {
				return nil, err
			}
			return d.agree(k.Bytes(), peer)
		},
	}
}

// curvekitP256ECDH is p256ECDH for curvekit/p256: the peer key is decoded
// before timing, the timed op is PrivateKey.ECDH.
var curvekitP256ECDH = dh{
	secretLen: 32,
	keygen: func([]byte) ([]byte, error) {
		k, err := p256.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		return k.PublicKey().Bytes(), nil
	},
	agree: func(_, peer []byte) (OpFunc, error) {
		k, err := p256.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		p, err := p256.NewPublicKey(peer)
		if err != nil {
			return nil, err
		}
		return func() error { _, err := k.ECDH(p); return err }, nil
	},
}
