package main

import (
	circlx448 "github.com/cloudflare/circl/dh/x448"
)

// X448 key agreement (RFC 7748), openssl's ecdhx448.
func init() {
	register(&Algorithm{
		Name: "ecdhx448", Table: TableECDH, Family: "ecdh", Curve: "X448", Bits: 448,
		Ops:     []Op{{Name: "op", Desc: "X448(secret, peer public key), as openssl's ECDH op"}},
		OpenSSL: "ecdhx448", OpenSSLIndex: 23, Order: 23,
		// Curvekit: when github.com/curvekit/curvekit/curve448 has X448(scalar, point []byte):
		//   Curvekit: dhImpl(curvekitName, curve448Pkg, x25519Like(curve448.X448, curve448.Basepoint)),
		Peers: []Impl{dhImpl("circl", "github.com/cloudflare/circl/dh/x448", circlX448)},
	})
}

var circlX448 = dh{
	secretLen: circlx448.Size,
	keygen: func(s []byte) ([]byte, error) {
		var pub, sk circlx448.Key
		copy(sk[:], s)
		circlx448.KeyGen(&pub, &sk)
		return pub[:], nil
	},
	agree: func(s, peer []byte) (OpFunc, error) {
		var sk, pk, out circlx448.Key
		copy(sk[:], s)
		copy(pk[:], peer)
		return func() error {
			if !circlx448.Shared(&out, &sk, &pk) {
				return errZeroShared
			}
			return nil
		}, nil
	},
}
