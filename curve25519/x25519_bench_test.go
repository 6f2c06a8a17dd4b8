package curve25519

import (
	"crypto/ecdh"
	"crypto/rand"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

var x25519Sink []byte

// BenchmarkX25519KeyGen times one fixed-base multiplication (public key from
// a private key) for curvekit and crypto/ecdh (NewPrivateKey +
// PublicKey().Bytes(); x/crypto is a wrapper over it). The interop module's
// benchmark of the same name adds circl's KeyGen and voi's ScalarBaseMult.
func BenchmarkX25519KeyGen(b *testing.B) {
	var k [32]byte
	if _, err := rand.Read(k[:]); err != nil {
		b.Fatal(err)
	}
	b.Run("curvekit", func(b *testing.B) {
		var dst [32]byte
		benchutil.RunCPU(b, func() {
			if _, err := xdh(&dst, k[:], Basepoint); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("ecdh", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			priv, err := ecdh.X25519().NewPrivateKey(k[:])
			if err != nil {
				b.Fatal(err)
			}
			x25519Sink = priv.PublicKey().Bytes()
		})
	})
}

// BenchmarkX25519Shared times one variable-base ladder with both keys parsed
// outside the loop, curvekit's and crypto/ecdh's priv.ECDH(pub). The interop
// module's benchmark of the same name adds circl's Shared and voi's
// ScalarMult.
func BenchmarkX25519Shared(b *testing.B) {
	k, pk, priv, pub := x25519BenchKeys(b)
	b.Run("curvekit", func(b *testing.B) {
		var dst [32]byte
		benchutil.RunCPU(b, func() {
			if _, err := xdh(&dst, k[:], pk[:]); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("ecdh", func(b *testing.B) {
		var err error
		benchutil.RunCPU(b, func() {
			if x25519Sink, err = priv.ECDH(pub); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// x25519BenchKeys returns a random scalar k and point pk (bit 255 clear),
// and the same two as crypto/ecdh keys.
func x25519BenchKeys(b *testing.B) (k, pk [32]byte, priv *ecdh.PrivateKey, pub *ecdh.PublicKey) {
	if _, err := rand.Read(k[:]); err != nil {
		b.Fatal(err)
	}
	if _, err := rand.Read(pk[:]); err != nil {
		b.Fatal(err)
	}
	pk[31] &= 127
	var err error
	if priv, err = ecdh.X25519().NewPrivateKey(k[:]); err != nil {
		b.Fatal(err)
	}
	if pub, err = ecdh.X25519().NewPublicKey(pk[:]); err != nil {
		b.Fatal(err)
	}
	return k, pk, priv, pub
}

// BenchmarkX25519SharedCompare times the variable-base ladder interleaved
// (benchutil.Compare, medians of thread CPU time): curvekit's dispatch
// (the fe64 assembly where the CPU has BMI2 and ADX) and curvekit's
// field25519 ladder (xdhWith); the interop module's
// benchmark of the same name sets circl's Shared beside curvekit.
func BenchmarkX25519SharedCompare(b *testing.B) {
	k, pk, _, _ := x25519BenchKeys(b)
	var dst [32]byte
	benchutil.Compare(b,
		benchutil.Contender{Name: "curvekit", F: func() {
			if _, err := xdh(&dst, k[:], pk[:]); err != nil {
				b.Fatal(err)
			}
		}},
		benchutil.Contender{Name: "field25519", F: func() {
			if _, err := xdhWith(false, &dst, k[:], pk[:]); err != nil {
				b.Fatal(err)
			}
		}})
}

// BenchmarkX25519KeyGenCompare times the fixed-base multiplication
// interleaved (benchutil.Compare): curvekit's dispatch (the fe64 comb
// where the CPU has BMI2, ADX and AVX2) and curvekit's field25519 comb (the
// same tables without their fe64 form), each from the clamped scalar to the
// encoded u; the interop module's benchmark of the same name
// sets voi's ScalarBaseMult beside them.
func BenchmarkX25519KeyGenCompare(b *testing.B) {
	var k [32]byte
	if _, err := rand.Read(k[:]); err != nil {
		b.Fatal(err)
	}
	var s Scalar
	if _, err := s.SetBytesWithClamping(k[:]); err != nil {
		b.Fatal(err)
	}
	bt := baseTables()
	plain := *bt
	plain.fixed64 = nil // the field25519 comb
	var p Point
	var buf [32]byte
	benchutil.Compare(b,
		benchutil.Contender{Name: "curvekit", F: func() {
			p.scalarBaseMultTable(bt, &s)
			p.bytesMontgomery(&buf)
		}},
		benchutil.Contender{Name: "field25519", F: func() {
			p.scalarBaseMultTable(&plain, &s)
			p.bytesMontgomery(&buf)
		}})
}
