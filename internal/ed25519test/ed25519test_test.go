package ed25519test

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestNotAPoint checks that y = 2 has no x: (y² − 1)/(d·y² + 1) is not a
// square mod p, with d = −121665/121666.
func TestNotAPoint(t *testing.T) {
	d := new(big.Int).ModInverse(big.NewInt(121666), P)
	d.Mul(d, big.NewInt(-121665)).Mod(d, P)
	y := big.NewInt(2)
	y2 := new(big.Int).Mul(y, y)
	num := new(big.Int).Sub(y2, big.NewInt(1))
	den := new(big.Int).Mul(d, y2)
	den.Add(den, big.NewInt(1)).Mod(den, P)
	u := new(big.Int).Mul(num, new(big.Int).ModInverse(den, P))
	u.Mod(u, P)
	if big.Jacobi(u, P) != -1 {
		t.Fatal("y = 2 is on the curve")
	}
	if !bytes.Equal(NotAPoint, append([]byte{2}, make([]byte, 31)...)) {
		t.Fatal("NotAPoint is not y = 2")
	}
}

func TestMutations(t *testing.T) {
	pub, sig := bytes.Repeat([]byte{7}, 32), bytes.Repeat([]byte{9}, 64)
	sig[63] = 0
	m := Mutations(rand.New(rand.NewPCG(1, 2)), pub, sig)
	if !bytes.Equal(m[0][0], pub) || !bytes.Equal(m[0][1], sig) {
		t.Fatal("the honest pair is not first")
	}
	for i, c := range m {
		if len(c[0]) != 32 || len(c[1]) != 64 {
			t.Fatalf("mutation %d: lengths %d, %d", i, len(c[0]), len(c[1]))
		}
	}
	if len(m) < 50 {
		t.Fatalf("%d mutations", len(m))
	}
}
