// Package ct holds the small constant-time helpers shared by every curvekit
// package. Conditions are ints that must be 0 or 1, as in crypto/subtle.
package ct

import "crypto/subtle"

// Mask64 returns all ones if cond == 1 and zero if cond == 0.
func Mask64(cond int) uint64 { return -uint64(cond) }

// Mask32 returns all ones if cond == 1 and zero if cond == 0.
func Mask32(cond int) uint32 { return -uint32(cond) }

// Select64 returns a if cond == 1 and b if cond == 0.
func Select64(cond int, a, b uint64) uint64 { m := Mask64(cond); return b ^ (m & (a ^ b)) }

// Select32 returns a if cond == 1 and b if cond == 0.
func Select32(cond int, a, b uint32) uint32 { m := Mask32(cond); return b ^ (m & (a ^ b)) }

// IsZero64 returns 1 if x == 0 and 0 otherwise.
func IsZero64(x uint64) int { return int(((x | -x) >> 63) ^ 1) }

// IsZero32 returns 1 if x == 0 and 0 otherwise.
func IsZero32(x uint32) int { return int(((x | -x) >> 31) ^ 1) }

// Eq64 returns 1 if x == y and 0 otherwise.
func Eq64(x, y uint64) int { return IsZero64(x ^ y) }

// Eq32 returns 1 if x == y and 0 otherwise.
func Eq32(x, y uint32) int { return IsZero32(x ^ y) }

// EqMask returns 1 if a == b and 0 otherwise, for any two ints: the
// condition a full-scan table lookup selects entry a with when the index
// is b.
func EqMask(a, b int) int {
	x := uint64(a ^ b)
	// x | −x has its top bit set exactly when x ≠ 0.
	return int(((x | -x) >> 63) ^ 1)
}

// AbsNeg returns |d| and 1 if d < 0 (0 otherwise): the table index and
// the sign of a signed digit.
func AbsNeg(d int8) (abs int, neg int) {
	x := int32(d)
	m := x >> 31 // all ones if negative
	return int((x ^ m) - m), int(m & 1)
}

// EqualBytes returns 1 if a and b have equal length and contents, 0
// otherwise. Its time depends on the lengths only.
func EqualBytes(a, b []byte) int { return subtle.ConstantTimeCompare(a, b) }

// IsZeroBytes returns 1 if every byte of b is zero. Its time depends on len(b) only.
func IsZeroBytes(b []byte) int {
	var acc byte
	for _, x := range b {
		acc |= x
	}
	return subtle.ConstantTimeByteEq(acc, 0)
}
