package tables

// FixedBase describes a fixed-base table for signed radix-2^Window digits
// with the given Spacing (a comb of Spacing rounds):
//
//	entry(j, k) = k · 2^(Window·Spacing·j) · B,  0 ≤ j < Positions, 1 ≤ k ≤ 2^(Window-1)
//
// With the scalar recoded by SignedRadix into digits d_i, a multiplication
// runs Spacing rounds r = Spacing-1 … 0, each first multiplying the
// accumulator by 2^Window (Window doublings, skipped in the first round)
// and then adding entry(j, |d_(j·Spacing+r)|) with the sign of the digit
// for every position j: Positions·Spacing additions and
// (Spacing-1)·Window doublings in all.
//
// Data holds the entries in order (j, k), each EntryBytes long: the
// canonical encodings of the affine coordinates x then y, one after the
// other, in the curve's byte order (little-endian for the Edwards curves,
// big-endian for P-256).
type FixedBase struct {
	Window     int
	Spacing    int
	Positions  int
	EntryBytes int
	Data       string
}

// EntriesPerPosition returns 2^(Window-1), the number of entries per
// position.
func (t FixedBase) EntriesPerPosition() int { return 1 << (t.Window - 1) }

// Digits returns Positions·Spacing, the number of signed digits a scalar
// must be recoded into for this table.
func (t FixedBase) Digits() int { return t.Positions * t.Spacing }

// Entry returns the encoding of entry(j, k), 1 ≤ k ≤ 2^(Window-1). It is
// meant for decoding the table once; it is not a constant-time lookup.
func (t FixedBase) Entry(j, k int) string {
	i := (j*t.EntriesPerPosition() + k - 1) * t.EntryBytes
	return t.Data[i : i+t.EntryBytes]
}

// OddMultiples describes a variable-time table of the odd multiples
//
//	entry(i) = (2i+1) · B,  0 ≤ i < 2^(Window-2)
//
// for width-Window NAF digits (VarTimeNAF): digit d > 0 adds entry(d/2),
// d < 0 subtracts entry(-d/2). Data is laid out as in FixedBase.
type OddMultiples struct {
	Window     int
	EntryBytes int
	Data       string
}

// Len returns 2^(Window-2), the number of entries.
func (t OddMultiples) Len() int { return 1 << (t.Window - 2) }

// Entry returns the encoding of entry(i) = (2i+1)·B.
func (t OddMultiples) Entry(i int) string {
	return t.Data[i*t.EntryBytes : (i+1)*t.EntryBytes]
}
