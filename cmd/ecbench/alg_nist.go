package main

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"io"

	circlp384 "github.com/cloudflare/circl/ecc/p384"
	"github.com/curvekit/curvekit/p256"
	"github.com/curvekit/curvekit/p384"
)

// NIST P-256 and P-384: ECDSA (openssl's ecdsap256, ecdsap384) and ECDH
// (ecdhp256, ecdhp384), registered by one function over the curve.
func init() {
	registerNIST(nistCurve{bits: 256, opensslIndex: 3, pkg: "github.com/curvekit/curvekit/p256",
		curvekit: nistKit(nistAPI[*p256.PrivateKey, *p256.PublicKey]{p256.GenerateKey, p256.SignASN1,
			p256.VerifyASN1, p256.NewPublicKey, (*p256.PublicKey).Bytes}),
		std: elliptic.P256(), stdECDH: ecdh.P256()})
	registerNIST(nistCurve{bits: 384, opensslIndex: 4, pkg: "github.com/curvekit/curvekit/p384",
		curvekit: nistKit(nistAPI[*p384.PrivateKey, *p384.PublicKey]{p384.GenerateKey, p384.SignASN1,
			p384.VerifyASN1, p384.NewPublicKey, (*p384.PublicKey).Bytes}),
		std: elliptic.P384(), stdECDH: ecdh.P384(),
		circl: circlp384.P384(), circlPkg: "github.com/cloudflare/circl/ecc/p384"})
}

// nistCurve is what a NIST curve's two rows need: its size, openssl's
// index (openssl 3.0's +F lines), curvekit's package, the standard
// library's curve and, if circl has the curve, circl's.
type nistCurve struct {
	bits, opensslIndex int
	pkg                string
	curvekit           nistKey
	std                elliptic.Curve
	stdECDH            ecdh.Curve
	circl              elliptic.Curve
	circlPkg           string
}

// nistKey draws a fresh key pair and returns its operations: signing and
// verification of a digest, its SEC 1 public key, and the key agreement
// with a peer's SEC 1 public key, decoded before timing.
type nistKey func() (sign func([]byte) ([]byte, error), verify func(digest, sig []byte) bool,
	pub []byte, agree func(peer []byte) (OpFunc, error), err error)

// nistAPI is the part of a curvekit NIST package's API the rows call.
type nistAPI[K interface {
	PublicKey() P
	ECDH(P) ([]byte, error)
}, P any] struct {
	GenerateKey  func(io.Reader) (K, error)
	SignASN1     func(io.Reader, K, []byte) ([]byte, error)
	VerifyASN1   func(P, []byte, []byte) bool
	NewPublicKey func([]byte) (P, error)
	Bytes        func(P) []byte
}

func nistKit[K interface {
	PublicKey() P
	ECDH(P) ([]byte, error)
}, P any](a nistAPI[K, P]) nistKey {
	return func() (func([]byte) ([]byte, error), func(d, s []byte) bool, []byte, func([]byte) (OpFunc, error), error) {
		k, err := a.GenerateKey(rand.Reader)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		pub := k.PublicKey()
		agree := func(peer []byte) (OpFunc, error) {
			p, err := a.NewPublicKey(peer)
			if err != nil {
				return nil, err
			}
			return func() error { _, err := k.ECDH(p); return err }, nil
		}
		return func(d []byte) ([]byte, error) { return a.SignASN1(rand.Reader, k, d) },
			func(d, s []byte) bool { return a.VerifyASN1(pub, d, s) }, a.Bytes(pub), agree, nil
	}
}

// stdKey is nistKey for crypto/ecdsa and crypto/ecdh over the standard
// library's curve, or, through crypto/ecdsa's generic code for other
// elliptic.Curve values, over circl's (its ECDH is then circl's
// ScalarMult on the decoded peer point).
func stdKey(c elliptic.Curve, dh ecdh.Curve) nistKey {
	return func() (func([]byte) ([]byte, error), func(d, s []byte) bool, []byte, func([]byte) (OpFunc, error), error) {
		k, err := ecdsa.GenerateKey(c, rand.Reader)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		//lint:ignore SA1019 the point's encoding for the other side of the ECDH row.
		pub := elliptic.Marshal(c, k.X, k.Y)
		agree := func(peer []byte) (OpFunc, error) {
			if dh != nil {
				ek, err := k.ECDH()
				if err != nil {
					return nil, err
				}
				p, err := dh.NewPublicKey(peer)
				if err != nil {
					return nil, err
				}
				return func() error { _, err := ek.ECDH(p); return err }, nil
			}
			//lint:ignore SA1019 circl's curve is an elliptic.Curve.
			x, y := elliptic.Unmarshal(c, peer)
			if x == nil {
				return nil, errors.New("bad peer point")
			}
			//lint:ignore SA1019 a custom curve's key has only the big.Int scalar.
			d := k.D.FillBytes(make([]byte, (c.Params().BitSize+7)/8))
			return func() error {
				//lint:ignore SA1019 circl's ECDH is its elliptic.Curve ScalarMult.
				if sx, _ := c.ScalarMult(x, y, d); sx.Sign() == 0 {
					return errors.New("identity")
				}
				return nil
			}, nil
		}
		return func(d []byte) ([]byte, error) { return ecdsa.SignASN1(rand.Reader, k, d) },
			func(d, s []byte) bool { return ecdsa.VerifyASN1(&k.PublicKey, d, s) }, pub, agree, nil
	}
}

func registerNIST(c nistCurve) {
	n := itoa(c.bits)
	sign := func(k nistKey) signer {
		return signer{newKey: func([]byte) (func([]byte) ([]byte, error), func(msg, sig []byte) bool, error) {
			s, v, _, _, err := k()
			return s, v, err
		}}
	}
	dhOf := func(k nistKey) dh {
		return dh{
			secretLen: c.bits / 8,
			keygen: func([]byte) ([]byte, error) {
				_, _, pub, _, err := k()
				return pub, err
			},
			agree: func(_, peer []byte) (OpFunc, error) {
				_, _, _, agree, err := k()
				if err != nil {
					return nil, err
				}
				return agree(peer)
			},
		}
	}
	ecdsaPeers := []Impl{signImpl("crypto/ecdsa", "crypto/ecdsa", sign(stdKey(c.std, c.stdECDH)))}
	ecdhPeers := []Impl{dhImpl("crypto/ecdh", "crypto/ecdh", dhOf(stdKey(c.std, c.stdECDH)))}
	if c.circl != nil {
		ecdsaPeers = append(ecdsaPeers, signImpl("circl", c.circlPkg, sign(stdKey(c.circl, nil))))
		ecdhPeers = append(ecdhPeers, dhImpl("circl", c.circlPkg, dhOf(stdKey(c.circl, nil))))
	}
	register(&Algorithm{
		Name: "ecdsap" + n, Table: TableECDSA, Family: "ecdsa", Curve: "nistp" + n, Bits: c.bits,
		Ops: []Op{
			{Name: "sign", Desc: "sign a 20-byte digest (openssl's size), randomized nonce"},
			{Name: "verify", Desc: "verify a valid signature on a 20-byte digest"},
		},
		OpenSSL: "ecdsap" + n, OpenSSLIndex: c.opensslIndex, Order: c.opensslIndex,
		Curvekit: signImpl(curvekitName, c.pkg, sign(c.curvekit)),
		Peers:    ecdsaPeers,
	})
	register(&Algorithm{
		Name: "ecdhp" + n, Table: TableECDH, Family: "ecdh", Curve: "nistp" + n, Bits: c.bits,
		Ops:     []Op{{Name: "op", Desc: "ECDH with a decoded peer public key, as openssl's ECDH op"}},
		OpenSSL: "ecdhp" + n, OpenSSLIndex: c.opensslIndex, Order: c.opensslIndex,
		Curvekit: dhImpl(curvekitName, c.pkg, dhOf(c.curvekit)),
		Peers:    ecdhPeers,
	})
}
