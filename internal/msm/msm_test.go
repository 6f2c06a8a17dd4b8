package msm

import (
	"crypto/rand"
	"math"
	"testing"

	"github.com/curvekit/curvekit/tables"
)

// ed25519Costs is edwards25519's model as curve25519 sets it.
var ed25519Costs = Costs{
	OrderBits: 253, ShortBits: 128,
	Double: 7, StrausAdd: 8, StrausBare: 7, Table: 70, NAFWindow: 5,
	StrausFudge: 1.08, BucketAdd: 7, SumAdd: 9, MinWindow: 4, MaxWindow: 12,
}

func term(t *testing.T, k []byte) Term {
	var x tables.Words
	return NewTerm(x.SetBytes(k))
}

// TestCostsByHand checks the model's sums on terms whose statistics are
// known: 2^200 (201 bits, NAF weight 1) and 2^40 (41 bits, short).
func TestCostsByHand(t *testing.T) {
	k := make([]byte, 32)
	k[25] = 1 // 2^200
	big := term(t, k)
	if big.Bits != 201 || big.NAFWeight != 1 || big.R256Weight != 1 {
		t.Fatalf("2^200: %+v", big)
	}
	k = make([]byte, 32)
	k[5] = 1 // 2^40
	short := term(t, k)
	c := &ed25519Costs
	// Sparse: 1 NAF digit at 7 beats a table (70 + 201/6·8).
	if cost, sparse := c.StrausTerm(big); !sparse || cost != 7 {
		t.Errorf("StrausTerm(2^200) = %v, %v", cost, sparse)
	}
	terms := []Term{big, short}
	if got, want := c.Straus(terms), 1.08*(254*7+7+7); math.Abs(got-want) > 1e-9 {
		t.Errorf("Straus = %v, want %v", got, want)
	}
	// w = 8: each term has one nonzero radix-256 digit.
	nd := Digits(253, 8) // 32
	if got, want := c.Pippenger(terms, 8), 7*2+float64(nd)*128*(2*9-7)+254*7; got != want {
		t.Errorf("Pippenger(8) = %v, want %v", got, want)
	}
	if Digits(253, 5) != 51 || Digits(128, 5) != 26 || Digits(253, 12) != 22 {
		t.Errorf("Digits: %d %d %d", Digits(253, 5), Digits(253, 12), Digits(128, 5))
	}
}

// TestWindowChoice checks the model's choice at the ends: Straus for a few
// random scalars, Pippenger with a wide window for many.
func TestWindowChoice(t *testing.T) {
	var terms []Term
	for i := 0; i < 2000; i++ {
		k := make([]byte, 32)
		rand.Read(k)
		k[31] &= 0x0f
		terms = append(terms, term(t, k))
		switch w := ed25519Costs.Window(terms); {
		case i < 8 && w != 0:
			t.Fatalf("%d terms: window %d, want Straus", i+1, w)
		case i == 1999 && w < 8:
			t.Fatalf("2000 terms: window %d", w)
		}
	}
}
