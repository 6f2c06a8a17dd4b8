package ct

import "testing"

func TestHelpers(t *testing.T) {
	vals := []uint64{0, 1, 2, 1 << 31, 1<<32 - 1, 1 << 32, 1 << 63, ^uint64(0)}
	for _, x := range vals {
		want := 0
		if x == 0 {
			want = 1
		}
		if got := IsZero64(x); got != want {
			t.Errorf("IsZero64(%#x) = %d", x, got)
		}
		if got := IsZero32(uint32(x)); got != boolInt(uint32(x) == 0) {
			t.Errorf("IsZero32(%#x) = %d", uint32(x), got)
		}
		for _, y := range vals {
			if got := Eq64(x, y); got != boolInt(x == y) {
				t.Errorf("Eq64(%#x, %#x) = %d", x, y, got)
			}
			if got := Eq32(uint32(x), uint32(y)); got != boolInt(uint32(x) == uint32(y)) {
				t.Errorf("Eq32(%#x, %#x) = %d", x, y, got)
			}
			if Select64(1, x, y) != x || Select64(0, x, y) != y {
				t.Errorf("Select64(%#x, %#x) wrong", x, y)
			}
			if Select32(1, uint32(x), uint32(y)) != uint32(x) || Select32(0, uint32(x), uint32(y)) != uint32(y) {
				t.Errorf("Select32(%#x, %#x) wrong", x, y)
			}
		}
	}
	if Mask64(1) != ^uint64(0) || Mask64(0) != 0 || Mask32(1) != ^uint32(0) || Mask32(0) != 0 {
		t.Error("Mask wrong")
	}
	if IsZeroBytes(make([]byte, 5)) != 1 || IsZeroBytes([]byte{0, 0, 1}) != 0 || IsZeroBytes(nil) != 1 {
		t.Error("IsZeroBytes wrong")
	}
	if EqualBytes([]byte{1, 2}, []byte{1, 2}) != 1 || EqualBytes([]byte{1, 2}, []byte{1, 3}) != 0 || EqualBytes([]byte{1}, []byte{1, 2}) != 0 {
		t.Error("EqualBytes wrong")
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestEqMaskAbsNeg(t *testing.T) {
	for a := 0; a < 40; a++ {
		for b := 0; b < 40; b++ {
			if got := EqMask(a, b); got != boolInt(a == b) {
				t.Fatalf("EqMask(%d, %d) = %d", a, b, got)
			}
		}
	}
	// Negative values and values whose difference lies only in high bits,
	// which a 32-bit mask gets wrong.
	const maxInt = int(^uint(0) >> 1)
	edges := []int{0, 1, -1, 2, -2, 1 << 30, 1<<31 - 1, -1 << 31, maxInt, -maxInt - 1}
	if s := 32; maxInt>>s > 0 { // 64-bit int: differences above bit 31
		edges = append(edges, maxInt>>31, 1<<s, 1<<s+1, -1<<s)
	}
	for _, a := range edges {
		for _, b := range edges {
			if got := EqMask(a, b); got != boolInt(a == b) {
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
