package hsntor

import (
	"crypto/sha3"
	"encoding/binary"
	"fmt"
	"io"
)

// Protocol strings (rend-spec-v3, [NTOR-WITH-EXTRA-DATA]).
const (
	protoID    = "tor-hs-ntor-curve25519-sha3-256-1"
	tHSEnc     = protoID + ":hs_key_extract"
	tHSVerify  = protoID + ":hs_verify"
	tHSMAC     = protoID + ":hs_mac"
	mHSExpand  = protoID + ":hs_key_expand"
	serverTag  = "Server"
	macLenSize = 8 // htonll(len(k))
)

// mac is rend-spec-v3's MAC(k, m) = SHA3-256(htonll(len(k)) ‖ k ‖ m), with m
// given in parts.
func mac(out *[MACSize]byte, k []byte, m ...[]byte) {
	h := sha3.New256()
	var n [macLenSize]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(k)))
	h.Write(n[:])
	h.Write(k)
	for _, p := range m {
		h.Write(p)
	}
	h.Sum(out[:0])
	h.Reset() // the state held the key
}

// KeyMaterial is the key stream a completed handshake yields: SHAKE-256 of
// NTOR_KEY_SEED ‖ m_hsexpand (rend-spec-v3, "Key expansion"). Both sides
// read the same bytes in the same order; Tor reads [CircuitKeySize] bytes
// (Df, Db, Kf, Kb). Only a handshake makes one: Read and Bytes on the zero
// KeyMaterial or a nil pointer return an error wrapping [ErrStateUsed].
type KeyMaterial struct {
	xof *sha3.SHAKE
}

func newKeyMaterial(seed *[MACSize]byte) *KeyMaterial {
	x := sha3.NewSHAKE256()
	x.Write(seed[:])
	x.Write([]byte(mHSExpand))
	return &KeyMaterial{xof: x}
}

// Read fills p with the next len(p) bytes of key material. The stream does
// not end: the only error is for a KeyMaterial no handshake made.
func (k *KeyMaterial) Read(p []byte) (int, error) {
	if k == nil || k.xof == nil {
		return 0, fmt.Errorf("hsntor: KeyMaterial not made by a handshake: %w", ErrStateUsed)
	}
	return k.xof.Read(p)
}

// Bytes returns the next n bytes of key material (n ≥ 0).
func (k *KeyMaterial) Bytes(n int) ([]byte, error) {
	if k == nil || k.xof == nil {
		return nil, fmt.Errorf("hsntor: KeyMaterial not made by a handshake: %w", ErrStateUsed)
	}
	if n < 0 {
		return nil, fmt.Errorf("hsntor: negative key material length %d: %w", n, ErrInvalidLength)
	}
	out := make([]byte, n)
	if _, err := io.ReadFull(k, out); err != nil {
		return nil, err
	}
	return out, nil
}
