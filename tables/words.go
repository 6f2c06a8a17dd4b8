package tables

import (
	"encoding/binary"
	"math/bits"
)

// MaxScalarBytes is the longest scalar a Words holds: 80 bytes, enough for
// every curve the toolkit has or plans (edwards25519 32, Ed448 57, P-256 32).
const MaxScalarBytes = 80

// maxWords is MaxScalarBytes in 64-bit words plus two words of zero
// padding, so that windows and the NAF masks may read past the top.
const maxWords = MaxScalarBytes/8 + 2

// Words is a non-negative integer of up to MaxScalarBytes bytes as
// little-endian 64-bit words, zero-padded: the scalar side of a
// multi-scalar multiplication (bit length, windows, signed radix-2^c
// digits, the masks and weight of its non-adjacent form) for any curve.
// Scalars are loaded from either byte order (SetBytes for edwards25519 and
// edwards448, SetBytesBigEndian for SEC 1 curves such as P-256).
//
// Words serves variable-time code on public scalars (verification); the
// methods whose time depends on the value say so by their VarTime names.
// The loaders (SetBytes, SetBytesBigEndian), Window, NAFMasks and NAFWeight
// run the same instructions for every scalar of a given length. The zero
// value is the integer 0.
type Words struct {
	w [maxWords]uint64
	n int // words spanned by the loaded length (the rest are zero)
}

// SetBytes sets x to the little-endian integer k and returns x. It panics
// if len(k) > MaxScalarBytes (a programming error: no curve has such
// scalars).
func (x *Words) SetBytes(k []byte) *Words {
	if len(k) > MaxScalarBytes {
		panic("tables: Words.SetBytes: scalar longer than MaxScalarBytes")
	}
	x.w = [maxWords]uint64{}
	x.n = (len(k) + 7) / 8
	i := 0
	for ; i+8 <= len(k); i += 8 {
		x.w[i/8] = binary.LittleEndian.Uint64(k[i:])
	}
	for ; i < len(k); i++ {
		x.w[i/8] |= uint64(k[i]) << (8 * (i % 8))
	}
	return x
}

// SetBytesBigEndian sets x to the big-endian integer k and returns x. It
// panics if len(k) > MaxScalarBytes.
func (x *Words) SetBytesBigEndian(k []byte) *Words {
	if len(k) > MaxScalarBytes {
		panic("tables: Words.SetBytesBigEndian: scalar longer than MaxScalarBytes")
	}
	x.w = [maxWords]uint64{}
	x.n = (len(k) + 7) / 8
	for i, b := range k {
		j := len(k) - 1 - i // position of the byte from the little end
		x.w[j/8] |= uint64(b) << (8 * (j % 8))
	}
	return x
}

// Len returns the number of 64-bit words that hold the loaded scalar (its
// byte length rounded up); the words above are zero.
func (x *Words) Len() int { return x.n }

// Word returns word i (little-endian order); 0 past the top.
func (x *Words) Word(i int) uint64 {
	if i >= len(x.w) {
		return 0
	}
	return x.w[i]
}

// VarTimeBitLen returns the bit length of x (0 for 0). Variable time.
func (x *Words) VarTimeBitLen() int {
	for j := x.n - 1; j >= 0; j-- {
		if x.w[j] != 0 {
			return 64*j + bits.Len64(x.w[j])
		}
	}
	return 0
}

// Window returns the c ≤ 32 bits of x starting at bit pos (zero past the
// top). The memory it reads depends only on pos.
func (x *Words) Window(pos, c uint) uint64 { return window(x.w[:], pos, c) }

// NAFMasks returns the nonzero digits of the plain (width-2) non-adjacent
// form of x as bit masks, one word per 64 digits for Len()+1 words (a NAF
// is one digit longer than its scalar): digit i is +1 if bit i of pos is
// set, −1 if bit i of neg is set, 0 otherwise. With h = 3x, digit i is
// h_{i+1} − x_{i+1} (a known identity, checked against VarTimeNAF by the
// tests), so both masks come from one multiplication by 3 and a shift.
// Branch-free; the masks are the scalar in another form, so callers that
// branch on them (as Straus's method does) are variable time.
func (x *Words) NAFMasks() (pos, neg [maxWords]uint64) {
	var h [maxWords]uint64
	var carry, prev uint64
	// 3x = x + 2x fits in n+1 words; the padding above reads as zero.
	for j := 0; j <= x.n && j < maxWords; j++ {
		d := x.w[j]<<1 | prev
		prev = x.w[j] >> 63
		h[j], carry = bits.Add64(x.w[j], d, carry)
	}
	for j := 0; j <= x.n && j+1 < maxWords; j++ {
		// Bits i+1 of h and x, moved to bit i.
		hs := h[j]>>1 | h[j+1]<<63
		xs := x.w[j]>>1 | x.w[j+1]<<63
		pos[j] = hs &^ xs
		neg[j] = xs &^ hs
	}
	return pos, neg
}

// NAFWeight returns the number of nonzero digits of x's non-adjacent form.
func (x *Words) NAFWeight() int {
	p, n := x.NAFMasks()
	w := 0
	for j := range p {
		w += bits.OnesCount64(p[j] | n[j])
	}
	return w
}

// VarTimeRadix sets out[k·stride] for k < nd to the signed radix-2^c
// digits of x (2 ≤ c ≤ 15): x = Σ d_k·2^(c·k) with |d_k| ≤ 2^(c−1), every digit but the
// last in [−2^(c−1), 2^(c−1)). It stops (writing zeros) above the scalar's
// top bit, so short scalars cost less: variable time in the bit length
// only. It panics if x ≥ 2^(c·nd−1), where the last digit would leave its
// range (a programming error: nd too small for the scalar).
func (x *Words) VarTimeRadix(out []int16, stride int, c uint, nd int) {
	if c < 2 || c > 15 {
		panic("tables: Words.VarTimeRadix window out of range")
	}
	nb := x.VarTimeBitLen()
	if nd < 1 || nb > int(c)*nd-1 {
		panic("tables: Words.VarTimeRadix: too few digits for the scalar")
	}
	// Digits from ⌈nb/c⌉ + 1 on are zero: their windows are, and so is
	// the carry into them.
	top := min(nd-1, (nb+int(c)-1)/int(c)+1)
	half := uint64(1) << (c - 1)
	carry := uint64(0)
	k := 0
	for ; k < top; k++ {
		w := x.Window(uint(k)*c, c) + carry
		// w ≥ 2^(c−1) becomes w − 2^c with a carry into the next digit.
		carry = (w + half) >> c
		out[k*stride] = int16(int64(w) - int64(carry<<c))
	}
	if k == nd-1 {
		// The last digit is not recentred: it is at most 2^(c−1) (by the
		// bound checked above).
		out[k*stride] = int16(x.Window(uint(k)*c, c) + carry)
		k++
	}
	for ; k < nd; k++ {
		out[k*stride] = 0
	}
}

// VarTimeRadixWeight returns the number of nonzero digits VarTimeRadix
// writes for window 2 ≤ c ≤ 15 (nd large enough), without writing them:
// Pippenger's cost for a scalar sparse in radix 2^c.
func (x *Words) VarTimeRadixWeight(c uint) int {
	if c < 2 || c > 15 {
		panic("tables: Words.VarTimeRadixWeight window out of range")
	}
	nb := x.VarTimeBitLen()
	half := uint64(1) << (c - 1)
	carry := uint64(0)
	n := 0
	for pos := uint(0); pos < uint(nb); pos += c {
		w := x.Window(pos, c) + carry
		carry = (w + half) >> c
		if w != carry<<c {
			n++
		}
	}
	return n + int(carry)
}
