package ntorv3

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha3"
	"encoding/binary"
	"errors"
)

// Protocol constants (proposal 332, A.1 and A.2).
const (
	protoID  = "ntor3-curve25519-sha3_256-1"
	tMsgKDF  = protoID + ":kdf_phase1"
	tMsgMAC  = protoID + ":msg_mac"
	tKeySeed = protoID + ":key_seed"
	tVerify  = protoID + ":verify"
	tFinal   = protoID + ":kdf_final"
	tAuth    = protoID + ":auth_final"
	server   = "Server"

	digestSize = 32 // DIGEST_LEN = MAC_LEN = MAC_KEY_LEN = ENC_KEY_LEN
)

// encapLen writes ENCAP's 8-byte big-endian length prefix for n bytes.
func encapLen(n int) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(n))
	return b[:]
}

// hashH returns H(s, t) = SHA3-256(ENCAP(t) ‖ s), s given in parts.
func hashH(t string, parts ...[]byte) (out [digestSize]byte) {
	h := sha3.New256()
	h.Write(encapLen(len(t)))
	h.Write([]byte(t))
	for _, p := range parts {
		h.Write(p)
	}
	h.Sum(out[:0])
	return out
}

// mac returns MAC(k, msg, t) = SHA3-256(ENCAP(t) ‖ ENCAP(k) ‖ msg), msg given
// in parts.
func mac(k []byte, t string, parts ...[]byte) [digestSize]byte {
	return hashH(t, append([][]byte{encapLen(len(k)), k}, parts...)...)
}

// kdf returns the SHAKE-256 stream of KDF(s, t) = SHAKE-256(ENCAP(t) ‖ s).
func kdf(t string, parts ...[]byte) *sha3.SHAKE {
	x := sha3.NewSHAKE256()
	x.Write(encapLen(len(t)))
	x.Write([]byte(t))
	for _, p := range parts {
		x.Write(p)
	}
	return x
}

// xorAESCTR returns ENC(k, m) = AES-256-CTR(k, m) with an all-zero IV; it is
// its own inverse (DEC).
func xorAESCTR(key *[digestSize]byte, m []byte) []byte {
	block, err := aes.NewCipher(key[:])
	if err != nil {
		panic("ntorv3: internal error: AES-256 key size")
	}
	var iv [aes.BlockSize]byte
	out := make([]byte, len(m))
	cipher.NewCTR(block, iv[:]).XORKeyStream(out, m)
	return out
}

// KeyMaterial is the key material of a successful handshake: KDF_final's
// SHAKE-256 output after its first 32 bytes (ENC_KEY). It is unlimited.
// Only a handshake makes one: Read and Bytes on the zero KeyMaterial or a nil
// pointer return an error.
type KeyMaterial struct {
	x *sha3.SHAKE // non-nil marks a KeyMaterial made by a handshake
}

var errNoKeyMaterial = errors.New("ntorv3: nil or uninitialized KeyMaterial")

// Read fills p with the next len(p) bytes of the key stream. Its only error
// is that of an uninitialised k.
func (k *KeyMaterial) Read(p []byte) (int, error) {
	if k == nil || k.x == nil {
		return 0, errNoKeyMaterial
	}
	return k.x.Read(p)
}

// Bytes returns the next n bytes of the key stream, as
// [ntor.KeyMaterial.Bytes] does. A negative n, or an uninitialised k,
// returns an error.
func (k *KeyMaterial) Bytes(n int) ([]byte, error) {
	if k == nil || k.x == nil {
		return nil, errNoKeyMaterial
	}
	if n < 0 {
		return nil, errors.New("ntorv3: negative key stream length")
	}
	out := make([]byte, n)
	k.x.Read(out)
	return out, nil
}

// finalKeys splits KDF_final(key_seed) into ENC_KEY and the key stream.
func finalKeys(keySeed *[digestSize]byte) (encKey [digestSize]byte, ks *KeyMaterial) {
	x := kdf(tFinal, keySeed[:])
	x.Read(encKey[:])
	return encKey, &KeyMaterial{x: x}
}
