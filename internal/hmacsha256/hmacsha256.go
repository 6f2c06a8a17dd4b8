package hmacsha256

import (
	"crypto/sha256"
	"encoding"
)

// Sizes in bytes.
const (
	Size      = sha256.Size      // an HMAC-SHA256 output
	BlockSize = sha256.BlockSize // the largest key used as is; longer keys are hashed
)

const (
	ipad = 0x36 // RFC 2104
	opad = 0x5c

	// stateCap holds crypto/sha256's marshalled state (108 bytes in Go
	// 1.24 to 1.26: magic, 8 words, a block, the length).
	stateCap = 112
)

// A Key is an HMAC-SHA256 key prepared for many MACs: it holds the SHA-256
// states after the key ⊕ ipad and key ⊕ opad blocks. Make Keys with NewKey;
// the zero Key MACs as the empty key, preparing it on every call. Between
// NewKey and Clear a Key is read-only and safe for concurrent use; copies
// are independent.
type Key struct {
	// inner and outer are crypto/sha256's marshalled states after the pad
	// blocks, of length n; if n is 0 (the standard library's hash cannot
	// marshal its state), they hold the pad blocks themselves.
	inner, outer [stateCap]byte
	n            int
	ok           bool
}

// NewKey prepares key. A key longer than BlockSize is replaced by its
// SHA-256 digest (RFC 2104 §2).
func NewKey(key []byte) Key { return newKey(key, true) }

// newKey is NewKey; with marshal false it keeps the pad blocks, the
// fallback NewKey takes when the hash cannot marshal its state (the tests
// run both forms).
func newKey(key []byte, marshal bool) Key {
	var k Key
	var pad [BlockSize]byte
	loadKey(&pad, key)
	if marshal {
		k.n = prepare(&k.inner, &pad, ipad)
		k.n = min(k.n, prepare(&k.outer, &pad, opad))
	}
	if k.n == 0 {
		// One of the two states did not marshal: keep both as pad blocks.
		xorPad(&k.inner, &pad, ipad)
		xorPad(&k.outer, &pad, opad)
	}
	k.ok = true
	clear(pad[:])
	return k
}

// loadKey sets pad to key padded with zeros, or to SHA-256(key) padded with
// zeros if key is longer than a block.
func loadKey(pad *[BlockSize]byte, key []byte) {
	if len(key) > BlockSize {
		d := sha256.Sum256(key)
		copy(pad[:], d[:])
		clear(d[:])
	} else {
		copy(pad[:], key)
	}
}

// xorPad sets dst's first block to pad ⊕ c.
func xorPad(dst *[stateCap]byte, pad *[BlockSize]byte, c byte) {
	for i, b := range pad {
		dst[i] = b ^ c
	}
}

// prepare writes into dst the marshalled SHA-256 state after the block
// pad ⊕ c and returns its length, or 0 if the state cannot be marshalled
// into dst.
func prepare(dst *[stateCap]byte, pad *[BlockSize]byte, c byte) int {
	xorPad(dst, pad, c)
	h := sha256.New()
	h.Write(dst[:BlockSize])
	m, ok := h.(encoding.BinaryAppender)
	if !ok {
		return 0
	}
	var buf [stateCap]byte
	s, err := m.AppendBinary(buf[:0])
	if err != nil || len(s) > stateCap {
		clear(buf[:])
		return 0
	}
	copy(dst[:], s)
	clear(buf[:])
	return len(s)
}

// MAC sets out to HMAC-SHA256(k, parts[0] ‖ parts[1] ‖ …). out may overlap
// the parts: it is written last.
func (k *Key) MAC(out *[Size]byte, parts ...[]byte) {
	if !k.ok {
		// A zero Key: prepare the empty key on the fly rather than hash
		// from a wrong state.
		e := NewKey(nil)
		e.MAC(out, parts...)
		return
	}
	h := sha256.New()
	if k.n == 0 {
		h.Write(k.inner[:BlockSize])
	} else if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(k.inner[:k.n]); err != nil {
		panic("hmacsha256: SHA-256 state did not restore: " + err.Error()) // unreachable: NewKey made it
	}
	for _, p := range parts {
		h.Write(p)
	}
	var in [Size]byte
	h.Sum(in[:0])
	if k.n == 0 {
		h.Reset()
		h.Write(k.outer[:BlockSize])
	} else if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(k.outer[:k.n]); err != nil {
		panic("hmacsha256: SHA-256 state did not restore: " + err.Error()) // unreachable
	}
	h.Write(in[:])
	h.Sum(out[:0])
	clear(in[:])
}

// Clear wipes k; it is then the zero Key, which MACs as the empty key.
func (k *Key) Clear() {
	clear(k.inner[:])
	clear(k.outer[:])
	k.n = 0
	k.ok = false
}

// MAC sets out to HMAC-SHA256(key, parts[0] ‖ parts[1] ‖ …) for a key used
// once: it hashes the two pad blocks instead of preparing a Key. A key
// longer than BlockSize is replaced by its SHA-256 digest. out may overlap
// the key and the parts: it is written last.
func MAC(out *[Size]byte, key []byte, parts ...[]byte) {
	var pad [BlockSize]byte
	loadKey(&pad, key)
	for i := range pad {
		pad[i] ^= ipad
	}
	h := sha256.New()
	h.Write(pad[:])
	for _, p := range parts {
		h.Write(p)
	}
	var in [Size]byte
	h.Sum(in[:0])
	for i := range pad {
		pad[i] ^= ipad ^ opad
	}
	h.Reset()
	h.Write(pad[:])
	h.Write(in[:])
	clear(pad[:])
	clear(in[:])
	h.Sum(out[:0])
}
