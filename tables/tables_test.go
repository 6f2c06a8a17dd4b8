package tables

import (
	"crypto/rand"
	"math/big"
	"testing"
)

func leBig(k []byte) *big.Int {
	r := make([]byte, len(k))
	for i := range k {
		r[len(k)-1-i] = k[i]
	}
	return new(big.Int).SetBytes(r)
}

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
			if sum.Cmp(leBig(k)) != 0 {
				t.Fatalf("w=%d: digits of %x sum to %v", w, k, sum)
			}
		}
	}
}

func TestVarTimeNAF(t *testing.T) {
	naf := make([]int8, 257)
	for w := uint(2); w <= 8; w++ {
		for _, k := range testScalars(t) {
			VarTimeNAF(naf, k, w)
			sum := new(big.Int)
			last := -1000
			for i := len(naf) - 1; i >= 0; i-- {
				d := int(naf[i])
				if d != 0 {
					if d%2 == 0 || d <= -(1<<(w-1)) || d >= 1<<(w-1) {
						t.Fatalf("w=%d: bad digit %d", w, d)
					}
					if last-i < int(w) && last != -1000 {
						t.Fatalf("w=%d: nonzero digits %d and %d too close", w, last, i)
					}
					last = i
				}
				sum.Lsh(sum, 1).Add(sum, big.NewInt(int64(d)))
			}
			if sum.Cmp(leBig(k)) != 0 {
				t.Fatalf("w=%d: NAF of %x sums to %v", w, k, sum)
			}
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
}

// entry is a toy table entry for testing Lookup.
type entry struct{ a, b uint64 }

func (e *entry) Select(x, y *entry, cond int) *entry {
	m := -uint64(cond)
	e.a = x.a&m | y.a&^m
	e.b = x.b&m | y.b&^m
	return e
}

func TestLookup(t *testing.T) {
	entries := make([]entry, 16)
	for i := range entries {
		entries[i] = entry{uint64(i + 1), uint64(100 + i)}
	}
	for idx := 0; idx <= 16; idx++ {
		dst := entry{0, 7}
		Lookup(&dst, entries, idx)
		want := entry{0, 7}
		if idx > 0 {
			want = entries[idx-1]
		}
		if dst != want {
			t.Fatalf("Lookup(%d) = %v, want %v", idx, dst, want)
		}
	}
	for a := 0; a < 40; a++ {
		for b := 0; b < 40; b++ {
			if got, want := EqMask(a, b), a == b; (got == 1) != want || (got != 0 && got != 1) {
				t.Fatalf("EqMask(%d, %d) = %d", a, b, got)
			}
		}
	}
	for d := -128; d <= 127; d++ {
		abs, neg := AbsNeg(int8(d))
		wantAbs, wantNeg := d, 0
		if d < 0 {
			wantAbs, wantNeg = -d, 1
		}
		if abs != wantAbs || neg != wantNeg {
			t.Fatalf("AbsNeg(%d) = %d, %d", d, abs, neg)
		}
	}
}

func TestLayouts(t *testing.T) {
	fb := &Edwards25519Base
	if fb.Digits()*fb.Window < 254 || len(fb.Data) != fb.Positions*fb.EntriesPerPosition()*fb.EntryBytes {
		t.Fatal("inconsistent Edwards25519Base layout")
	}
	ob := &Edwards25519BaseOdd
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
