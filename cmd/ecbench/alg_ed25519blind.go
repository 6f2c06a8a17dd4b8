package main

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"fmt"

	"filippo.io/edwards25519"

	cked25519 "github.com/curvekit/curvekit/ed25519"
)

// Tor v3 onion-service key blinding (rend-spec-v3 appendix A.2) on Ed25519.
// No Go library a user would pick offers it, so the peer is a reference
// written here on filippo.io/edwards25519, checked against C tor's vector
// (testdata/hs_blinding.json).
func init() {
	register(&Algorithm{
		Name: "ed25519-blind", Table: TableBlind, Family: "blind", Curve: "Ed25519", Bits: 253,
		Ops: []Op{
			{Name: "pubkey", Desc: "blinded public key A' = h·A for a time period (client/HSDir side), h from SHA3-256"},
			{Name: "keypair", Desc: "blinded expanded secret key and its public key for a time period (service side)"},
			{Name: "sign", Desc: "sign a 20-byte message with a blinded expanded secret key"},
		},
		Curvekit: blindImpl(curvekitName, ed25519Pkg, ckBlinder),
		Peers:    []Impl{blindImpl("filippo-ref", "filippo.io/edwards25519 + crypto/sha3 (reference in cmd/ecbench)", refBlinder)},
	})
}

// blinder abstracts a Tor key-blinding implementation.
type blinder struct {
	// blindPublic computes A' from A and the time period.
	blindPublic func(pub []byte, period, periodLen uint64) ([]byte, error)
	// blindKeypair computes the blinded expanded secret key (a' ‖ RH') and A'
	// from an expanded secret key (a ‖ RH) and the time period.
	blindKeypair func(expanded, pub []byte, period, periodLen uint64) (bexp, bpub []byte, err error)
	// newSigner prepares signing with an expanded secret key whose public
	// key is pub (decoding the key outside the timed call).
	newSigner func(expanded, pub []byte) (func(msg []byte) ([]byte, error), error)
}

const torPeriod, torPeriodLen = 20000, 1440 // a time period in 2024, Tor's default length in minutes

func blindImpl(name, pkg string, b blinder) Impl {
	return Impl{Name: name, Pkg: pkg, New: func(op Op) (OpFunc, error) {
		seed := sha512.Sum512(randBytes(32))
		expanded := seed[:]
		expanded[0] &= 248
		expanded[31] &= 63
		expanded[31] |= 64
		a, err := edwards25519.NewScalar().SetBytesWithClamping(expanded[:32])
		if err != nil {
			return nil, err
		}
		pub := new(edwards25519.Point).ScalarBaseMult(a).Bytes()
		switch op.Name {
		case "pubkey":
			return func() error { _, err := b.blindPublic(pub, torPeriod, torPeriodLen); return err }, nil
		case "keypair":
			return func() error { _, _, err := b.blindKeypair(expanded, pub, torPeriod, torPeriodLen); return err }, nil
		case "sign":
			bexp, bpub, err := b.blindKeypair(expanded, pub, torPeriod, torPeriodLen)
			if err != nil {
				return nil, err
			}
			sign, err := b.newSigner(bexp, bpub)
			if err != nil {
				return nil, err
			}
			msg := randBytes(msgLen)
			if sig, err := sign(msg); err != nil || !ed25519.Verify(bpub, msg, sig) {
				return nil, fmt.Errorf("%s: blinded signature does not verify (%v)", name, err)
			}
			return func() error { _, err := sign(msg); return err }, nil
		}
		return nil, errUnsupported
	}}
}

// torBlindingFactor is h = SHA3-256("Derive temporary signing key" ‖ 0x00 ‖ A
// ‖ B_STRING ‖ "key-blind" ‖ INT_8(period) ‖ INT_8(periodLen)), unclamped
// (rend-spec-v3 A.2, with the optional secret empty as Tor uses it).
func torBlindingFactor(pub []byte, period, periodLen uint64) [32]byte {
	const bString = "(15112221349535400772501151409588531511454012693041857206046113283949847762202, " +
		"46316835694926478169428394003475163141307993866256225615783033603165251855960)"
	h := sha3.New256()
	h.Write([]byte("Derive temporary signing key\x00"))
	h.Write(pub)
	h.Write([]byte(bString))
	h.Write([]byte("key-blind"))
	var n [16]byte
	binary.BigEndian.PutUint64(n[:8], period)
	binary.BigEndian.PutUint64(n[8:], periodLen)
	h.Write(n[:])
	var out [32]byte
	h.Sum(out[:0])
	return out
}

var errBadKey = errors.New("invalid key")

// refBlinder is the reference. Like C tor (ed25519-donna) and arti it
// reduces the clamped h mod ℓ and computes A' = (clamp(h) mod ℓ)·A, for every
// A, torsion included.
var refBlinder = blinder{
	blindPublic: func(pub []byte, period, periodLen uint64) ([]byte, error) {
		h := torBlindingFactor(pub, period, periodLen)
		s, err := edwards25519.NewScalar().SetBytesWithClamping(h[:])
		if err != nil {
			return nil, err
		}
		A, err := new(edwards25519.Point).SetBytes(pub)
		if err != nil {
			return nil, errBadKey
		}
		return A.ScalarMult(s, A).Bytes(), nil
	},
	blindKeypair: func(expanded, pub []byte, period, periodLen uint64) ([]byte, []byte, error) {
		if len(expanded) != 64 {
			return nil, nil, errBadKey
		}
		h := torBlindingFactor(pub, period, periodLen)
		hs, err := edwards25519.NewScalar().SetBytesWithClamping(h[:])
		if err != nil {
			return nil, nil, err
		}
		// a is stored clamped and unreduced; clamping again leaves it unchanged.
		a, err := edwards25519.NewScalar().SetBytesWithClamping(expanded[:32])
		if err != nil {
			return nil, nil, err
		}
		a.Multiply(a, hs)
		prefix := sha512.Sum512(append([]byte("Derive temporary signing key hash input"), expanded[32:]...))
		bexp := append(a.Bytes(), prefix[:32]...)
		return bexp, new(edwards25519.Point).ScalarBaseMult(a).Bytes(), nil
	},
	// RFC 8032 signing from an expanded key: r = H(RH' ‖ M), R = r·B,
	// k = H(R ‖ A' ‖ M), S = r + k·a' mod ℓ.
	newSigner: func(expanded, pub []byte) (func([]byte) ([]byte, error), error) {
		if len(expanded) != 64 || len(pub) != 32 {
			return nil, errBadKey
		}
		a, err := edwards25519.NewScalar().SetCanonicalBytes(expanded[:32])
		if err != nil {
			return nil, errBadKey
		}
		return func(msg []byte) ([]byte, error) { return refSign(a, expanded[32:], pub, msg), nil }, nil
	},
}

func refSign(a *edwards25519.Scalar, prefix, pub, msg []byte) []byte {
	h := sha512.New()
	h.Write(prefix)
	h.Write(msg)
	var digest [64]byte
	r, _ := edwards25519.NewScalar().SetUniformBytes(h.Sum(digest[:0]))
	R := new(edwards25519.Point).ScalarBaseMult(r).Bytes()
	h.Reset()
	h.Write(R)
	h.Write(pub)
	h.Write(msg)
	k, _ := edwards25519.NewScalar().SetUniformBytes(h.Sum(digest[:0]))
	S := k.MultiplyAdd(k, a, r)
	return append(R, S.Bytes()...)
}

// ckBlinder is curvekit's blinding: TorBlindingFactor, BlindPublicKey,
// ExpandedPrivateKey.Blind and ExpandedPrivateKey.Sign.
var ckBlinder = blinder{
	blindPublic: func(pub []byte, period, periodLen uint64) ([]byte, error) {
		h := cked25519.TorBlindingFactor(pub, nil, period, periodLen)
		return cked25519.BlindPublicKey(pub, h)
	},
	blindKeypair: func(expanded, pub []byte, period, periodLen uint64) ([]byte, []byte, error) {
		e, err := cked25519.NewExpandedPrivateKey(expanded)
		if err != nil {
			return nil, nil, err
		}
		b, err := e.Blind(cked25519.TorBlindingFactor(pub, nil, period, periodLen))
		if err != nil {
			return nil, nil, err
		}
		return b.Bytes(), b.PublicKey(), nil
	},
	newSigner: func(expanded, pub []byte) (func([]byte) ([]byte, error), error) {
		e, err := cked25519.NewExpandedPrivateKey(expanded)
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(e.PublicKey(), pub) {
			return nil, errBadKey
		}
		return func(msg []byte) ([]byte, error) { return e.Sign(nil, msg, crypto.Hash(0)) }, nil
	},
}
