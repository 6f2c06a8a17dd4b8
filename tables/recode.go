package tables

import (
	"encoding/binary"
	"math/bits"
)

// scalarWords is enough 64-bit words for scalars of up to 80 bytes (Ed448
// uses 57) plus two words of zero padding for windows read past the end.
type scalarWords [12]uint64

// load sets w to the little-endian integer k, zero-padded, and returns the
// used part including the padding. Longer scalars get a heap buffer.
func (w *scalarWords) load(k []byte) []uint64 {
	n := (len(k)+7)/8 + 2
	var words []uint64
	if n <= len(w) {
		words = w[:n]
	} else {
		words = make([]uint64, n)
	}
	i := 0
	for ; i+8 <= len(k); i += 8 {
		words[i/8] = binary.LittleEndian.Uint64(k[i:])
	}
	for ; i < len(k); i++ {
		words[i/8] |= uint64(k[i]) << (8 * (i % 8))
	}
	return words
}

// loadBigEndian is load for the big-endian integer k.
func (w *scalarWords) loadBigEndian(k []byte) []uint64 {
	n := (len(k)+7)/8 + 2
	var words []uint64
	if n <= len(w) {
		words = w[:n]
	} else {
		words = make([]uint64, n)
	}
	for i, b := range k {
		j := len(k) - 1 - i // position of the byte from the little end
		words[j/8] |= uint64(b) << (8 * (j % 8))
	}
	return words
}

// window returns the bits [pos, pos+width) of words (width ≤ 32); bits past
// the padding read as zero. The memory accessed depends only on pos.
func window(words []uint64, pos, width uint) uint64 {
	i, s := pos/64, pos%64
	if i >= uint(len(words)) { // public: depends only on the position
		return 0
	}
	lo := words[i] >> s
	var hi uint64
	if i+1 < uint(len(words)) {
		// (x << 1) << (63 - s) is x << (64 - s), and 0 for s = 0.
		hi = words[i+1] << 1 << (63 - s)
	}
	return (lo | hi) & (1<<width - 1)
}

// SignedRadix writes into dst the signed radix-2^w digits of the
// little-endian integer k: k = Σ dst[i]·2^(w·i), with every digit but the
// last in [-2^(w-1), 2^(w-1)) and the last one in [0, 2^(w-1)]. 1 ≤ w ≤ 8.
//
// The caller sizes dst for its scalars: k must be below 2^(w·len(dst)-1)
// (for example 64 digits for w = 4 and k < 2^255), so that the last digit
// stays within its table; for w = 8 below 2^(8·len(dst)-2), so that it
// fits an int8. SignedRadix panics if w is out of range, if dst is empty,
// or if k has a set bit at or above that bound: that is a
// programming error (a dst too short for the scalar), and silently
// returning a digit outside the table would be worse. The check reads
// every byte of k the same way, and only its failure branches, so valid
// inputs run in constant time.
//
// SignedRadix is constant time: it runs the same instructions for every k
// of a given length.
func SignedRadix(dst []int8, k []byte, w uint) {
	limit := signedRadixLimit(dst, w)
	if excess(k, limit) != 0 {
		panic("tables: SignedRadix dst too short for the scalar")
	}
	if w == 4 && len(dst) == 2*len(k) {
		signedRadix16(dst, k)
		return
	}
	var buf scalarWords
	signedRadixWords(dst, buf.load(k), w)
}

// SignedRadixBigEndian is SignedRadix for the big-endian integer k (SEC 1
// scalars, as P-256's): the same digits, contract and panics, and also
// constant time.
func SignedRadixBigEndian(dst []int8, k []byte, w uint) {
	limit := signedRadixLimit(dst, w)
	if excessBigEndian(k, limit) != 0 {
		panic("tables: SignedRadixBigEndian dst too short for the scalar")
	}
	var buf scalarWords
	signedRadixWords(dst, buf.loadBigEndian(k), w)
}

// signedRadixLimit checks SignedRadix's window and dst and returns the
// bit position at and above which the scalar must be zero.
func signedRadixLimit(dst []int8, w uint) int {
	if w < 1 || w > 8 {
		panic("tables: SignedRadix window out of range")
	}
	if len(dst) == 0 {
		panic("tables: SignedRadix with an empty dst")
	}
	limit := int(w)*len(dst) - 1
	if w == 8 {
		limit-- // a last digit of 128 does not fit an int8
	}
	return limit
}

// signedRadixWords is the digit loop of SignedRadix on the zero-padded
// little-endian words of a scalar already checked against dst's bound.
func signedRadixWords(dst []int8, words []uint64, w uint) {
	half := int64(1) << (w - 1)
	carry := int64(0)
	last := len(dst) - 1
	for i := range dst {
		raw := int64(window(words, uint(i)*w, w)) + carry
		// carry = 1 if raw ≥ 2^(w-1), computed without a branch.
		carry = (raw + half) >> w
		d := raw - carry<<w
		if i == last { // public: depends only on the position
			d = raw
		}
		dst[i] = int8(d)
	}
}

// excess returns the bits of the little-endian k at positions ≥ limit,
// ORed together (nonzero if k ≥ 2^limit). Which bytes and bits it masks
// depends only on len(k) and limit; it reads every byte of k.
func excess(k []byte, limit int) byte {
	var acc byte
	for i, b := range k {
		acc |= b & excessMask(i, limit)
	}
	return acc
}

// excessBigEndian is excess for the big-endian k.
func excessBigEndian(k []byte, limit int) byte {
	var acc byte
	for i, b := range k {
		acc |= b & excessMask(len(k)-1-i, limit)
	}
	return acc
}

// excessMask returns the bits of byte j (from the little end) at positions
// ≥ limit.
func excessMask(j, limit int) byte {
	lo := limit - 8*j // bits of byte j below position limit
	switch {
	case lo <= 0:
		return 0xff
	case lo < 8:
		return 0xff << lo
	}
	return 0
}

// signedRadix16 is SignedRadix for w = 4 and two digits per byte, the
// common case, working on nibbles directly.
func signedRadix16(dst []int8, k []byte) {
	dst = dst[:2*len(k)]
	carry := int8(0)
	for i, b := range k {
		raw := int8(b&15) + carry
		carry = (raw + 8) >> 4
		dst[2*i] = raw - carry<<4
		raw = int8(b>>4) + carry
		carry = (raw + 8) >> 4
		dst[2*i+1] = raw - carry<<4
	}
	// The last digit is not recentred: add its carry back.
	dst[len(dst)-1] += carry << 4
}

// VarTimeNAF writes into dst the width-w non-adjacent form of the
// little-endian integer k: k = Σ dst[i]·2^i, every nonzero digit odd and in
// (-2^(w-1), 2^(w-1)), and any w consecutive digits hold at most one
// nonzero digit. dst must have at least 8·len(k)+1 entries; the rest of dst
// is zeroed. 2 ≤ w ≤ 8; VarTimeNAF16 takes wider windows.
//
// VarTimeNAF branches on the bits of k: use it only on public scalars.
//
//go:noinline
func VarTimeNAF(dst []int8, k []byte, w uint) {
	if w < 2 || w > 8 {
		panic("tables: VarTimeNAF window out of range")
	}
	// go:noinline above: inlined into another package, this call to the
	// generic core loses its escape information, dst escapes and every
	// caller's digit array moves to the heap.
	var buf scalarWords
	varTimeNAF(dst, buf.load(k), uint(8*len(k)), w)
}

// VarTimeNAFBigEndian is VarTimeNAF for the big-endian integer k (SEC 1
// scalars, as P-256's): the same digits and contract.
//
// VarTimeNAFBigEndian branches on the bits of k: use it only on public
// scalars.
//
//go:noinline
func VarTimeNAFBigEndian(dst []int8, k []byte, w uint) {
	if w < 2 || w > 8 {
		panic("tables: VarTimeNAFBigEndian window out of range")
	}
	var buf scalarWords
	varTimeNAF(dst, buf.loadBigEndian(k), uint(8*len(k)), w) // noinline as VarTimeNAF
}

// VarTimeNAF16 is VarTimeNAF with int16 digits, for windows 2 ≤ w ≤ 16
// (tables of up to 2^14 odd multiples).
//
// VarTimeNAF16 branches on the bits of k: use it only on public scalars.
//
//go:noinline
func VarTimeNAF16(dst []int16, k []byte, w uint) {
	if w < 2 || w > 16 {
		panic("tables: VarTimeNAF16 window out of range")
	}
	var buf scalarWords
	varTimeNAF(dst, buf.load(k), uint(8*len(k)), w) // not inlined either, as in VarTimeNAF
}

// varTimeNAF is VarTimeNAF for digits of type T on the zero-padded
// little-endian words of an nbits-bit scalar; the caller checks that a
// digit of width w fits in T.
func varTimeNAF[T int8 | int16](dst []T, words []uint64, nbits, w uint) {
	if uint(len(dst)) < nbits+1 {
		panic("tables: VarTimeNAF output too short")
	}
	clear(dst)
	width := uint64(1) << w
	half := width >> 1
	carry := uint64(0)
	for pos := uint(0); pos < nbits; {
		// Skip the run of bits equal to carry (zero digits).
		i, s := pos/64, pos%64
		cur := words[i] >> s
		var run uint
		if carry == 0 {
			run = uint(bits.TrailingZeros64(cur))
		} else {
			run = uint(bits.TrailingZeros64(^cur))
		}
		if run > 0 {
			pos += min(run, 64-s)
			continue
		}
		win := window(words, pos, w) + carry
		if win < half {
			carry = 0
			dst[pos] = T(win)
		} else {
			carry = 1
			dst[pos] = T(int64(win) - int64(width))
		}
		pos += w
	}
	if carry != 0 {
		dst[nbits] = 1
	}
}
