package tables

import (
	"crypto/rand"
	"math/big"
	"testing"
)

// beScalars returns big-endian scalars of several lengths (P-256's 32,
// odd and word-crossing ones) whose value is below 2^(8·len−3), plus
// edge values, each with its value from math/big.
func beScalars(t *testing.T) (ks [][]byte, vals []*big.Int) {
	t.Helper()
	for _, n := range []int{1, 7, 8, 9, 31, 32, 33, 57} {
		for i := 0; i < 40; i++ {
			k := make([]byte, n)
			rand.Read(k)
			k[0] &= 0x1f
			ks = append(ks, k)
		}
		zero := make([]byte, n)
		top := make([]byte, n)
		for i := range top {
			top[i] = 0xff
		}
		top[0] = 0x1f
		one := make([]byte, n)
		one[n-1] = 1
		ks = append(ks, zero, top, one)
	}
	for _, k := range ks {
		vals = append(vals, new(big.Int).SetBytes(k))
	}
	return ks, vals
}

func TestSignedRadixBigEndian(t *testing.T) {
	ks, vals := beScalars(t)
	for w := uint(1); w <= 8; w++ {
		half := 1 << (w - 1)
		for j, k := range ks {
			n := int((8*uint(len(k))-3+w-1)/w) + 1
			digits := make([]int8, n)
			SignedRadixBigEndian(digits, k, w)
			sum := new(big.Int)
			for i := n - 1; i >= 0; i-- {
				d := int(digits[i])
				if i < n-1 && (d < -half || d >= half) {
					t.Fatalf("w=%d digit %d = %d out of range", w, i, d)
				}
				if i == n-1 && (d < 0 || d > half) {
					t.Fatalf("w=%d last digit %d out of range", w, d)
				}
				sum.Lsh(sum, w).Add(sum, big.NewInt(int64(d)))
			}
			if sum.Cmp(vals[j]) != 0 {
				t.Fatalf("w=%d: digits of %x sum to %v, want %v", w, k, sum, vals[j])
			}
		}
	}
}

func TestSignedRadixBigEndianTooShort(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	bit255 := make([]byte, 32)
	bit255[0] = 0x80
	mustPanic("2^255 in 64 digits", func() { SignedRadixBigEndian(make([]int8, 64), bit255, 4) })
	mustPanic("empty dst", func() { SignedRadixBigEndian(nil, []byte{0}, 4) })
	mustPanic("w=9", func() { SignedRadixBigEndian(make([]int8, 64), bit255, 9) })
	// The little-endian reading of the same bytes (2^7) fits: the check
	// must use the big-endian positions.
	low := make([]byte, 32)
	low[31] = 0x80 // 128 big-endian, 2^255 little-endian
	d := make([]int8, 64)
	SignedRadixBigEndian(d, low, 4) // must not panic
	if d[0] != 0 || d[1] != -8 || d[2] != 1 {
		t.Errorf("128 recoded as %v", d[:3])
	}
	mustPanic("the same bytes little-endian", func() { SignedRadix(make([]int8, 64), low, 4) })
	// The largest value that 64 radix-16 digits take, 2^255 − 1.
	max := make([]byte, 32)
	for i := range max {
		max[i] = 0xff
	}
	max[0] = 0x7f
	SignedRadixBigEndian(d, max, 4)
	sum := new(big.Int)
	for i := 63; i >= 0; i-- {
		sum.Lsh(sum, 4).Add(sum, big.NewInt(int64(d[i])))
	}
	if sum.Cmp(new(big.Int).SetBytes(max)) != 0 {
		t.Errorf("2^255−1 recoded to %v", sum)
	}
}

func TestVarTimeNAFBigEndian(t *testing.T) {
	ks, vals := beScalars(t)
	// Full-width values too: the NAF takes every bit, with a carry digit.
	for _, n := range []int{1, 32, 57} {
		k := make([]byte, n)
		for i := range k {
			k[i] = 0xff
		}
		ks, vals = append(ks, k), append(vals, new(big.Int).SetBytes(k))
	}
	for w := uint(2); w <= 8; w++ {
		for j, k := range ks {
			naf := make([]int8, 8*len(k)+3)
			for i := range naf {
				naf[i] = 0x55 // the tail must be zeroed
			}
			VarTimeNAFBigEndian(naf, k, w)
			sum := new(big.Int)
			last := -1
			for i := len(naf) - 1; i >= 0; i-- {
				d := int(naf[i])
				if d != 0 {
					if d%2 == 0 || d <= -(1<<(w-1)) || d >= 1<<(w-1) {
						t.Fatalf("w=%d: digit %d = %d", w, i, d)
					}
					if last >= 0 && last-i < int(w) {
						t.Fatalf("w=%d: nonzero digits at %d and %d", w, last, i)
					}
					last = i
				}
				sum.Lsh(sum, 1).Add(sum, big.NewInt(int64(d)))
			}
			if sum.Cmp(vals[j]) != 0 {
				t.Fatalf("w=%d: NAF of %x sums to %v, want %v", w, k, sum, vals[j])
			}
		}
	}
}
