package tables

import (
	"crypto/rand"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

// testScalars returns random 32-byte values below 2^253 plus edge values.
func testScalars(t *testing.T) [][]byte {
	var out [][]byte
	for i := 0; i < 200; i++ {
		k := make([]byte, 32)
		rand.Read(k)
		k[31] &= 0x1f
		out = append(out, k)
	}
	zero := make([]byte, 32)
	ones := make([]byte, 32)
	for i := range ones {
		ones[i] = 0xff
	}
	ones[31] = 0x1f
	eights := make([]byte, 32)
	for i := range eights {
		eights[i] = 0x88
	}
	eights[31] = 0x08
	one := make([]byte, 32)
	one[0] = 1
	return append(out, zero, ones, eights, one)
}

func TestSignedRadix(t *testing.T) {
	for iter := uint(1); iter <= 9; iter++ {
		w := iter
		n := int((254 + w - 1) / w) // enough digits for k < 2^253
		if iter == 9 {              // w = 4 through the generic path (65 digits)
			w, n = 4, 65
		}
		digits := make([]int8, n)
		half := 1 << (w - 1)
		for _, k := range testScalars(t) {
			SignedRadix(digits, k, w)
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
			if sum.Cmp(bigle.Int(k)) != 0 {
				t.Fatalf("w=%d: digits of %x sum to %v", w, k, sum)
			}
		}
	}
}

// nafScalars returns testScalars plus the NAF edge values ℓ−1 and the
// full 256-bit all-ones value (which needs the extra carry digit).
func nafScalars(t *testing.T) [][]byte {
	lMinus1 := []byte{0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10}
	allOnes := make([]byte, 32)
	for i := range allOnes {
		allOnes[i] = 0xff
	}
	// Alternating runs that straddle the 64-bit word boundaries.
	runs := make([]byte, 32)
	for i := range runs {
		runs[i] = []byte{0xff, 0x00, 0xf0, 0x0f}[i%4]
	}
	return append(testScalars(t), lMinus1, allOnes, runs)
}

// checkNAF checks that digits is a width-w NAF of k: every digit odd or
// zero, |d| < 2^(w-1), at most one nonzero digit in any w consecutive
// positions, and Σ d_i·2^i = k.
func checkNAF[T int8 | int16](t *testing.T, digits []T, k []byte, w uint) {
	t.Helper()
	sum := new(big.Int)
	last := -1 // position of the previous (higher) nonzero digit
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i])
		if d != 0 {
			if d%2 == 0 || d <= -(1<<(w-1)) || d >= 1<<(w-1) {
				t.Fatalf("w=%d: NAF of %x: bad digit %d at %d", w, k, d, i)
			}
			if last >= 0 && last-i < int(w) {
				t.Fatalf("w=%d: NAF of %x: nonzero digits at %d and %d too close", w, k, last, i)
			}
			last = i
		}
		sum.Lsh(sum, 1).Add(sum, big.NewInt(int64(d)))
	}
	if sum.Cmp(bigle.Int(k)) != 0 {
		t.Fatalf("w=%d: NAF of %x sums to %v", w, k, sum)
	}
}

func TestVarTimeNAF(t *testing.T) {
	naf := make([]int8, 257)
	naf16 := make([]int16, 257)
	long16 := make([]int16, 300) // longer than needed: the tail is zeroed
	for w := uint(2); w <= 16; w++ {
		for _, k := range nafScalars(t) {
			if w <= 8 {
				VarTimeNAF(naf, k, w)
				checkNAF(t, naf, k, w)
			}
			VarTimeNAF16(naf16, k, w)
			checkNAF(t, naf16, k, w)
			if w <= 8 {
				for i := range naf {
					if int16(naf[i]) != naf16[i] {
						t.Fatalf("w=%d: VarTimeNAF and VarTimeNAF16 differ at %d for %x", w, i, k)
					}
				}
			}
			for i := range long16 {
				long16[i] = 0x5555
			}
			VarTimeNAF16(long16, k, w)
			checkNAF(t, long16, k, w)
		}
	}
	// A full 256-bit value needs the extra carry digit.
	k := make([]byte, 32)
	for i := range k {
		k[i] = 0xff
	}
	VarTimeNAF(naf, k, 5)
	if naf[256] != 1 {
		t.Fatal("missing final carry digit")
	}
	VarTimeNAF16(naf16, k, 12)
	if naf16[256] != 1 {
		t.Fatal("missing final carry digit (int16)")
	}
	// Windows whose digits do not fit the type, and short outputs, panic.
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Fatalf("%s did not panic", name)
			}
		}()
		f()
	}
	mustPanic("VarTimeNAF w=9", func() { VarTimeNAF(naf, k, 9) })
	mustPanic("VarTimeNAF w=1", func() { VarTimeNAF(naf, k, 1) })
	mustPanic("VarTimeNAF16 w=17", func() { VarTimeNAF16(naf16, k, 17) })
	mustPanic("VarTimeNAF16 w=1", func() { VarTimeNAF16(naf16, k, 1) })
	mustPanic("VarTimeNAF16 short", func() { VarTimeNAF16(naf16[:256], k, 12) })
}

func TestLayouts(t *testing.T) {
	fb := Edwards25519Base()
	if fb.Digits()*fb.Window < 254 || len(fb.Data) != fb.Positions*fb.EntriesPerPosition()*fb.EntryBytes {
		t.Fatal("inconsistent Edwards25519Base layout")
	}
	ob := Edwards25519BaseOdd()
	if len(ob.Data) != ob.Len()*ob.EntryBytes {
		t.Fatal("inconsistent Edwards25519BaseOdd layout")
	}
	// Entry(0, 1) and the first odd multiple are both B (x then y): y = 4/5.
	wantY := "\x58\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66" +
		"\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66\x66"
	if fb.Entry(0, 1)[32:] != wantY || ob.Entry(0)[32:] != wantY {
		t.Fatal("first entry is not B")
	}
}

// TestLayouts448P256 checks the shapes of the edwards448 and P-256 tables
// against the loops of curve448 and p256 (56 × 8 comb of window 4 and
// spacing 2, 64 odd multiples of B and of [2^224]B; 43 × 32 of window 6,
// 64 odd multiples), the data lengths, and that the first entries are the
// basepoints (RFC 8032 §5.2's y, little-endian; SEC 2's Gx, big-endian).
func TestLayouts448P256(t *testing.T) {
	e := Edwards448Base()
	if e.Window != 4 || e.Spacing != 2 || e.Positions != 56 || e.EntriesPerPosition() != 8 || e.EntryBytes != 112 ||
		len(e.Data) != 56*8*112 {
		t.Fatal("Edwards448Base is not the 56 × 8 comb")
	}
	for _, o := range []OddMultiples{Edwards448BaseOdd(), Edwards448BaseOddHigh()} {
		if o.Window != 8 || o.Len() != 64 || o.EntryBytes != 112 || len(o.Data) != 64*112 {
			t.Fatal("inconsistent edwards448 odd-multiples layout")
		}
	}
	y448 := "\x14\xfa\x30\xf2\x5b\x79\x08\x98\xad\xc8\xd7\x4e\x2c\x13\xbd\xfd\xc4\x39\x7c\xe6\x1c\xff\xd3\x3a" +
		"\xd7\xc2\xa0\x05\x1e\x9c\x78\x87\x40\x98\xa3\x6c\x73\x73\xea\x4b\x62\xc7\xc9\x56\x37\x20\x76\x88" +
		"\x24\xbc\xb6\x6e\x71\x46\x3f\x69"
	if e.Entry(0, 1)[56:] != y448 || Edwards448BaseOdd().Entry(0)[56:] != y448 || Edwards448BaseOddHigh().Entry(0)[56:] == y448 {
		t.Fatal("edwards448 tables do not start at B and [2^224]B")
	}
	p := P256Base()
	if p.Window != 6 || p.Spacing != 1 || p.Positions != 43 || p.EntriesPerPosition() != 32 || p.EntryBytes != 64 ||
		len(p.Data) != 43*32*64 {
		t.Fatal("P256Base is not 43 × 32 of window 6")
	}
	o := P256BaseOdd()
	if o.Window != 8 || o.Len() != 64 || o.EntryBytes != 64 || len(o.Data) != 64*64 {
		t.Fatal("inconsistent P256BaseOdd layout")
	}
	gx := "\x6b\x17\xd1\xf2\xe1\x2c\x42\x47\xf8\xbc\xe6\xe5\x63\xa4\x40\xf2" +
		"\x77\x03\x7d\x81\x2d\xeb\x33\xa0\xf4\xa1\x39\x45\xd8\x98\xc2\x96"
	if p.Entry(0, 1)[:32] != gx || o.Entry(0)[:32] != gx {
		t.Fatal("P-256 tables do not start at G")
	}
}

// TestSignedRadixTooShort checks that SignedRadix refuses a dst too short
// for the scalar (the all-0xff 32-byte value in 64 radix-16 digits would
// give a last digit of 16, outside an 8-entry table) and accepts the
// largest value that fits.
func TestSignedRadixTooShort(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	ones := make([]byte, 32)
	for i := range ones {
		ones[i] = 0xff
	}
	mustPanic("all-ones, 64 digits", func() { SignedRadix(make([]int8, 64), ones, 4) })
	mustPanic("all-ones, 51 digits of w=5", func() { SignedRadix(make([]int8, 51), ones, 5) })
	mustPanic("empty dst", func() { SignedRadix(nil, []byte{0}, 4) })
	bit255 := make([]byte, 32)
	bit255[31] = 0x80
	mustPanic("2^255 in 64 digits", func() { SignedRadix(make([]int8, 64), bit255, 4) })
	// 2^254 needs 52 digits of w = 5 (5·52 − 1 = 259 > 254): fine; 2^254 in
	// 51 digits (limit 254) is not.
	bit254 := make([]byte, 32)
	bit254[31] = 0x40
	mustPanic("2^254 in 51 digits of w=5", func() { SignedRadix(make([]int8, 51), bit254, 5) })
	// w = 8: a last digit of 128 would not fit an int8.
	mustPanic("2^254 in 32 digits of w=8", func() { SignedRadix(make([]int8, 32), bit254, 8) })

	// The largest value below 2^(w·n−1) is accepted and recoded exactly,
	// with an in-range last digit, on both paths.
	for _, c := range []struct {
		w uint
		n int
	}{{4, 64}, {4, 65}, {5, 52}, {8, 32}, {7, 37}} {
		limit := int(c.w)*c.n - 1
		if c.w == 8 {
			limit--
		}
		max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(limit)), big.NewInt(1))
		k := make([]byte, 32)
		if limit < 256 {
			be := max.FillBytes(make([]byte, 32))
			for i := range k {
				k[i] = be[31-i]
			}
		} else {
			copy(k, ones)
		}
		digits := make([]int8, c.n)
		SignedRadix(digits, k, c.w)
		sum := new(big.Int)
		for i := c.n - 1; i >= 0; i-- {
			sum.Lsh(sum, c.w).Add(sum, big.NewInt(int64(digits[i])))
		}
		if sum.Cmp(bigle.Int(k)) != 0 {
			t.Errorf("w=%d n=%d: digits sum to %v, want %v", c.w, c.n, sum, bigle.Int(k))
		}
		if d := int(digits[c.n-1]); d < 0 || d > 1<<(c.w-1) {
			t.Errorf("w=%d n=%d: last digit %d out of range", c.w, c.n, d)
		}
	}
}
