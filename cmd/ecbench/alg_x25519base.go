package main

import (
	"filippo.io/edwards25519"

	"github.com/curvekit/curvekit/curve25519"
)

// X25519 key generation: the fixed-base multiplication k·9, which curvekit
// computes on the Edwards curve with a precomputed table (Tor's ntor client step).
func init() {
	register(&Algorithm{
		Name: "x25519-base", Table: TableKeygen, Family: "keygen", Curve: "X25519", Bits: 253,
		Ops: []Op{{Name: "keygen", Desc: "X25519 public key from a secret: X25519(secret, Basepoint)"}},
		// curve25519.X25519 takes its fixed-base path when point is the basepoint.
		Curvekit: dhImpl(curvekitName, curve25519Pkg, x25519Like(curve25519.X25519, curve25519.Basepoint)),
		Peers: append(x25519Peers(),
			dhImpl("filippo", "filippo.io/edwards25519 (ScalarBaseMult, BytesMontgomery)", filippoX25519Base)),
	})
}

// filippoX25519Base is what a Go user would write for table-based X25519
// key generation: a clamped scalar times the Edwards basepoint, mapped to u.
var filippoX25519Base = dh{
	secretLen: 32,
	keygen: func(s []byte) ([]byte, error) {
		x, err := edwards25519.NewScalar().SetBytesWithClamping(s)
		if err != nil {
			return nil, err
		}
		return new(edwards25519.Point).ScalarBaseMult(x).BytesMontgomery(), nil
	},
}
