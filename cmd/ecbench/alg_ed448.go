package main

import (
	circled448 "github.com/cloudflare/circl/sign/ed448"

	"github.com/curvekit/curvekit/ed448"
)

// Ed448 signatures (RFC 8032), openssl's ed448.
func init() {
	register(&Algorithm{
		Name: "ed448", Table: TableEdDSA, Family: "EdDSA", Curve: "Ed448", Bits: 456,
		Ops: []Op{
			{Name: "sign", Desc: "sign a 20-byte message, empty context"},
			{Name: "verify", Desc: "verify a valid signature on a 20-byte message"},
		},
		OpenSSL: "ed448", OpenSSLIndex: 1, Order: 1,
		Curvekit: signImpl(curvekitName, "github.com/curvekit/curvekit/ed448", signer{
			seedLen: ed448.SeedSize,
			newKey: func(seed []byte) (func([]byte) ([]byte, error), func(msg, sig []byte) bool, error) {
				priv := ed448.NewKeyFromSeed(seed)
				pub := priv.Public().(ed448.PublicKey)
				return func(msg []byte) ([]byte, error) { return ed448.Sign(priv, msg, ""), nil },
					func(msg, sig []byte) bool { return ed448.Verify(pub, msg, sig, "") }, nil
			},
		}),
		Peers: []Impl{
			signImpl("circl", "github.com/cloudflare/circl/sign/ed448", signer{
				seedLen: circled448.SeedSize,
				newKey: func(seed []byte) (func([]byte) ([]byte, error), func(msg, sig []byte) bool, error) {
					priv := circled448.NewKeyFromSeed(seed)
					pub := priv.Public().(circled448.PublicKey)
					return func(msg []byte) ([]byte, error) { return circled448.Sign(priv, msg, ""), nil },
						func(msg, sig []byte) bool { return circled448.Verify(pub, msg, sig, "") }, nil
				},
			}),
		},
	})
}
