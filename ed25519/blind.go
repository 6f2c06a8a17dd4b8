package ed25519

import (
	"crypto/sha3"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// Tor v3 onion-service key blinding, rend-spec-v3 appendix A.2.

const (
	// torBlindString is "Derive temporary signing key" followed by a NUL.
	torBlindString = "Derive temporary signing key\x00"
	// torBasepointString is the basepoint as rend-spec-v3 writes it.
	torBasepointString = "(15112221349535400772501151409588531511454012693041857206046113283949847762202, 46316835694926478169428394003475163141307993866256225615783033603165251855960)"
	// torNonceHashString derives the blinded nonce prefix (no NUL).
	torNonceHashString = "Derive temporary signing key hash input"
	// torRotationOffset is the 12-hour offset of the time-period clock.
	torRotationOffsetMinutes = 12 * 60
)

// TorTimePeriod returns Tor's time-period number for t with periods of
// periodLength minutes (1440 by default in Tor, the consensus parameter
// hsdir-interval): floor((minutes since the epoch − 720) / periodLength).
// It returns an error for periodLength = 0 or a time before the first
// period (1970-01-01 12:00 UTC).
func TorTimePeriod(t time.Time, periodLength uint64) (uint64, error) {
	if periodLength == 0 {
		return 0, errors.New("ed25519: zero time-period length")
	}
	minutes := t.Unix() / 60
	if t.Unix() < 0 || minutes < torRotationOffsetMinutes {
		return 0, errors.New("ed25519: time before the first Tor time period")
	}
	return uint64(minutes-torRotationOffsetMinutes) / periodLength, nil
}

// TorBlindingFactor returns the 32-byte blinding factor
//
//	h = SHA3-256("Derive temporary signing key" ‖ 0x00 ‖ A ‖ secret ‖ B_STRING ‖
//	             "key-blind" ‖ INT_8(periodNumber) ‖ INT_8(periodLength))
//
// of rend-spec-v3 A.2, before clamping ([BlindPublicKey] and
// [ExpandedPrivateKey.Blind] clamp it). secret is empty in Tor today;
// periodLength is in minutes.
func TorBlindingFactor(publicKey PublicKey, secret []byte, periodNumber, periodLength uint64) []byte {
	h := sha3.New256()
	h.Write([]byte(torBlindString))
	h.Write(publicKey)
	h.Write(secret)
	h.Write([]byte(torBasepointString))
	var n [9 + 16]byte
	copy(n[:], "key-blind")
	binary.BigEndian.PutUint64(n[9:], periodNumber)
	binary.BigEndian.PutUint64(n[17:], periodLength)
	h.Write(n[:])
	return h.Sum(nil)
}

// BlindPublicKey returns A' = (clamp(h) mod ℓ)·A for the 32-byte factor h
// (rend-spec-v3 A.2), as C tor's default backend (ed25519-donna reduces the
// clamped factor with expand256_modm before multiplying) and arti
// (Scalar::from_bytes_mod_order of the clamped factor) compute it. For an A
// with a small-order component the reduction matters: A's torsion part is
// kept (multiplied by clamp(h) mod ℓ), where the unreduced integer clamp(h),
// a multiple of 8, would remove it. A is decoded leniently (as ref10 and
// donna do); the result is encoded canonically. It returns an error if
// factor is not 32 bytes or publicKey is not a curve point.
func BlindPublicKey(publicKey PublicKey, factor []byte) (PublicKey, error) {
	if len(factor) != 32 {
		return nil, fmt.Errorf("ed25519: bad blinding factor length: %d", len(factor))
	}
	if len(publicKey) != PublicKeySize {
		return nil, fmt.Errorf("ed25519: bad public key length: %d", len(publicKey))
	}
	var A point
	if _, err := A.SetBytes(publicKey); err != nil {
		return nil, errors.New("ed25519: invalid public key")
	}
	var h scalar
	if _, err := h.SetBytesWithClamping(factor); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}
	A.ScalarMult(&h, &A)
	return PublicKey(A.Bytes()), nil
}

// Blind returns the blinded expanded key for factor (rend-spec-v3 A.2):
// a' = clamp(h)·a mod ℓ and RH' = SHA-512("Derive temporary signing key
// hash input" ‖ RH)[:32]. Its public key equals BlindPublicKey(e.Public(),
// factor), and it signs like any [ExpandedPrivateKey]. Constant time in a.
// A nil or uninitialised e gives an error.
func (e *ExpandedPrivateKey) Blind(factor []byte) (*ExpandedPrivateKey, error) {
	if !e.valid() {
		return nil, errUninitializedPrivate
	}
	if len(factor) != 32 {
		return nil, fmt.Errorf("ed25519: bad blinding factor length: %d", len(factor))
	}
	var h scalar
	if _, err := h.SetBytesWithClamping(factor); err != nil {
		panic("ed25519: internal error: setting scalar failed")
	}
	b := new(ExpandedPrivateKey)
	b.k.s.Multiply(&h, &e.k.s)
	copy(b.raw[:], b.k.s.Bytes())
	d := sha512.New()
	d.Write([]byte(torNonceHashString))
	d.Write(e.k.prefix[:])
	var sum [64]byte
	d.Sum(sum[:0])
	copy(b.k.prefix[:], sum[:32])
	b.setPublic()
	return b, nil
}
