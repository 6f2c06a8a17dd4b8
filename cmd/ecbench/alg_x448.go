package main

import (
	circlx448 "github.com/cloudflare/circl/dh/x448"

	"github.com/curvekit/curvekit/curve448"
)

const curve448Pkg = "github.com/curvekit/curvekit/curve448"

// curvekitX448 is X448 through the raw function, as x25519Like does for
// X25519: X448 takes its fixed-base path when point is the basepoint.
var curvekitX448 = dh{
	secretLen: curve448.ScalarSize,
	keygen:    func(s []byte) ([]byte, error) { return curve448.X448(s, curve448.Basepoint) },
	agree: func(s, peer []byte) (OpFunc, error) {
		return func() error { _, err := curve448.X448(s, peer); return err }, nil
	},
}

// X448 key agreement (RFC 7748), openssl's ecdhx448.
func init() {
	register(&Algorithm{
		Name: "ecdhx448", Table: TableECDH, Family: "ecdh", Curve: "X448", Bits: 448,
		Ops:     []Op{{Name: "op", Desc: "X448(secret, peer public key), as openssl's ECDH op"}},
		OpenSSL: "ecdhx448", OpenSSLIndex: 23, Order: 23,
		Curvekit: dhImpl(curvekitName, curve448Pkg, curvekitX448),
		Peers:    []Impl{dhImpl("circl", "github.com/cloudflare/circl/dh/x448", circlX448)},
	})
	register(&Algorithm{
		Name: "x448-base", Table: TableKeygen, Family: "keygen", Curve: "X448", Bits: 448,
		Ops: []Op{{Name: "keygen", Desc: "X448 public key from a secret: X448(secret, Basepoint)"}},
		// curve448.X448 computes it on the Edwards curve with a precomputed
		// table and the 4-isogeny.
		Curvekit: dhImpl(curvekitName, curve448Pkg, curvekitX448),
		Peers:    []Impl{dhImpl("circl", "github.com/cloudflare/circl/dh/x448", circlX448)},
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
