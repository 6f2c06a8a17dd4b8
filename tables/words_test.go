package tables

import (
	"crypto/rand"
	"math/big"
	mrand "math/rand/v2"
	"slices"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

// wordsInputs returns little-endian scalars of the sizes the curves use
// (32 bytes for edwards25519 and P-256, 57 for Ed448) and of the maximum
// size: random ones, sparse ones (a few set bytes), all-ones, every bit
// length 0…8n−1 as a run of ones, and word-straddling runs.
func wordsInputs(t *testing.T) [][]byte {
	rng := mrand.New(mrand.NewPCG(31, 32))
	var out [][]byte
	for _, n := range []int{32, 57, MaxScalarBytes} {
		for i := 0; i < 60; i++ {
			k := make([]byte, n)
			rand.Read(k)
			out = append(out, k)
			s := make([]byte, n)
			for j := 0; j < 1+i%12; j++ {
				s[rng.IntN(n)] = byte(rng.Uint32())
			}
			out = append(out, s)
		}
		ones := make([]byte, n)
		for i := range ones {
			ones[i] = 0xff
		}
		runs := make([]byte, n)
		for i := range runs {
			runs[i] = []byte{0xff, 0x00, 0xf0, 0x0f}[i%4]
		}
		out = append(out, make([]byte, n), ones, runs)
		for nb := 0; nb < 8*n; nb += 7 {
			v := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(nb)), big.NewInt(1))
			be := v.FillBytes(make([]byte, n))
			slices.Reverse(be)
			out = append(out, be)
		}
	}
	return out
}

func TestWordsLoad(t *testing.T) {
	for _, k := range wordsInputs(t) {
		var le, be Words
		le.SetBytes(k)
		rev := slices.Clone(k)
		slices.Reverse(rev)
		be.SetBytesBigEndian(rev)
		if le != be {
			t.Fatalf("%x: SetBytes and SetBytesBigEndian of the reversed bytes differ", k)
		}
		want := bigle.Int(k)
		if le.VarTimeBitLen() != want.BitLen() || le.Len() != (len(k)+7)/8 {
			t.Fatalf("%x: BitLen %d Len %d, want %d", k, le.VarTimeBitLen(), le.Len(), want.BitLen())
		}
		got := new(big.Int)
		for i := maxWords - 1; i >= 0; i-- {
			got.Lsh(got, 64).Or(got, new(big.Int).SetUint64(le.Word(i)))
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("%x: words hold %v", k, got)
		}
		for _, pos := range []uint{0, 1, 63, 64, 100, uint(8*len(k) - 3), uint(8 * len(k)), 700} {
			w := new(big.Int).Rsh(want, pos)
			w.And(w, big.NewInt(1<<13-1))
			if le.Window(pos, 13) != w.Uint64() {
				t.Fatalf("%x: Window(%d, 13) = %x, want %x", k, pos, le.Window(pos, 13), w)
			}
		}
	}
	// Reloading a shorter scalar clears the old words.
	var x Words
	x.SetBytes(make([]byte, MaxScalarBytes))
	x.SetBytes([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	x.SetBytes([]byte{1})
	if x.VarTimeBitLen() != 1 || x.Word(1) != 0 {
		t.Error("SetBytes left old words")
	}
}

func TestWordsTooLong(t *testing.T) {
	for name, f := range map[string]func(){
		"SetBytes":          func() { new(Words).SetBytes(make([]byte, MaxScalarBytes+1)) },
		"SetBytesBigEndian": func() { new(Words).SetBytesBigEndian(make([]byte, MaxScalarBytes+1)) },
		"Radix too few digits": func() {
			var x Words
			x.SetBytes([]byte{0, 0, 0, 0x80}) // 2^31 needs c·nd ≥ 33
			x.VarTimeRadix(make([]int16, 8), 1, 4, 8)
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestWordsNAFMasks checks the plain NAF's masks and weight against
// VarTimeNAF with width 2.
func TestWordsNAFMasks(t *testing.T) {
	for _, k := range wordsInputs(t) {
		naf := make([]int8, 8*len(k)+1)
		VarTimeNAF(naf, k, 2)
		var x Words
		x.SetBytes(k)
		pos, neg := x.NAFMasks()
		w := 0
		for i := 0; i < 64*maxWords; i++ {
			p, n := pos[i/64]>>(i%64)&1, neg[i/64]>>(i%64)&1
			if p&n == 1 {
				t.Fatalf("%x: digit %d both signs", k, i)
			}
			got := int8(p) - int8(n)
			want := int8(0)
			if i < len(naf) {
				want = naf[i]
			}
			if got != want {
				t.Fatalf("%x: digit %d = %d, want %d", k, i, got, want)
			}
			if got != 0 {
				w++
			}
		}
		if x.NAFWeight() != w {
			t.Fatalf("%x: NAFWeight %d, want %d", k, x.NAFWeight(), w)
		}
	}
}

// TestWordsRadix checks Radix against math/big for every window, with
// the fewest digits the bound allows and with more, into a dirty strided
// buffer, and RadixWeight against the digits Radix writes.
func TestWordsRadix(t *testing.T) {
	for _, k := range wordsInputs(t) {
		var x Words
		x.SetBytes(k)
		want := bigle.Int(k)
		for c := uint(2); c <= 15; c++ {
			minND := (want.BitLen() + int(c)) / int(c) // c·nd ≥ bits+1
			for _, nd := range []int{max(minND, 1), minND + 2} {
				const stride = 3
				out := make([]int16, nd*stride)
				for i := range out {
					out[i] = 0x5555
				}
				x.VarTimeRadix(out, stride, c, nd)
				got := new(big.Int)
				nz := 0
				for i := nd - 1; i >= 0; i-- {
					d := int64(out[i*stride])
					lo, hi := -int64(1)<<(c-1), int64(1)<<(c-1)-1
					if i == nd-1 {
						hi++
					}
					if d < lo || d > hi {
						t.Fatalf("c=%d nd=%d %x: digit %d = %d out of range", c, nd, k, i, d)
					}
					if d != 0 {
						nz++
					}
					got.Lsh(got, c).Add(got, big.NewInt(d))
				}
				if got.Cmp(want) != 0 {
					t.Fatalf("c=%d nd=%d %x: digits sum to %v", c, nd, k, got)
				}
				// RadixWeight counts the recentred digits; they match
				// Radix's whenever the top digit needs no exception,
				// which more digits than the minimum guarantee.
				if nd > minND && x.VarTimeRadixWeight(c) != nz {
					t.Fatalf("c=%d %x: RadixWeight %d, Radix has %d nonzero digits", c, k, x.VarTimeRadixWeight(c), nz)
				}
			}
		}
	}
}
