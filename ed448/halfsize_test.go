package ed448

import (
	"crypto/rand"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/curvekit/curvekit/internal/ed448test"
	"github.com/curvekit/curvekit/internal/lattice"
)

func u448Big(x *u448) *big.Int { return bigle.Words(x[:]) }

func TestShortVector(t *testing.T) {
	q := u448Big(&orderU448)
	if new(big.Int).Lsh(q, 2).Cmp(u448Big(&order4U448)) != 0 {
		t.Fatal("order4U448 ≠ 4q")
	}
	declined := 0
	for i := 0; i < 2000; i++ {
		n, nBig := &orderU448, q
		if i%2 == 1 {
			n, nBig = &order4U448, new(big.Int).Lsh(q, 2)
		}
		k := ed448test.RandomScalar(t).Bytes()
		if i < 3 {
			k = make([]byte, 56)
			k[0] = byte(1 + i) // tiny k: the loop ends at once
		}
		absDelta, rho, neg, ok := shortVector(k, n)
		if !ok {
			declined++
			continue
		}
		d := u448Big(&absDelta)
		if neg {
			d.Neg(d)
		}
		kb := make([]byte, 56)
		for j := range k {
			kb[55-j] = k[j]
		}
		lhs := new(big.Int).Mul(d, new(big.Int).SetBytes(kb))
		lhs.Mod(lhs, nBig)
		if lhs.Cmp(new(big.Int).Mod(u448Big(&rho), nBig)) != 0 {
			t.Fatalf("k = %x: ρ ≢ δ·k (mod q)", k)
		}
		if absDelta[0]&1 != 1 || lattice.BitLen(&absDelta) > 232 || lattice.BitLen(&rho) > 232 {
			t.Fatalf("k = %x: δ even or too long (%d, %d bits)", k, lattice.BitLen(&absDelta), lattice.BitLen(&rho))
		}
	}
	if declined > 2 {
		t.Fatalf("shortVector declined %d of 2000", declined)
	}
}

// TestHalfSizeMatchesFullSize verifies the policy table and mutated
// signatures with VerifyAny (the half-size check) and with the full-size
// equation alone (verifyWith).
func TestHalfSizeMatchesFullSize(t *testing.T) {
	for round := 0; round < 4; round++ {
		cs := ed448test.PolicyCases(t)
		_, priv, _ := GenerateKey(nil)
		msg := []byte("half size")
		sig := Sign(priv, msg, "")
		pub := PublicKey(priv[SeedSize:])
		for j := 0; j < 40; j++ {
			s2 := append([]byte{}, sig...)
			var b [2]byte
			rand.Read(b[:])
			s2[int(b[0])%SignatureSize] ^= 1 << (b[1] % 8)
			cs = append(cs, ed448test.Case{Pub: pub, Msg: msg, Sig: s2})
		}
		cs = append(cs, ed448test.Case{Pub: pub, Msg: msg, Sig: sig})
		for _, c := range cs {
			for _, p := range allPolicies {
				h := VerifyAny(c.Pub, c.Msg, c.Sig, SignerOptions{Policy: p})
				f := verifyWith(c.Pub, c.Msg, c.Sig, "", false, p, false)
				if h != f {
					t.Fatalf("%q under %v: half-size %v, full-size %v", c.Name, p, h, f)
				}
			}
		}
	}
}
