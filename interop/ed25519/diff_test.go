package ed25519_test

import (
	"bytes"
	"math/big"
	mathrand "math/rand/v2"
	"os"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/hdevalence/ed25519consensus"
)

// mutations returns signature/key variants of an honest (pub, sig): bit flips
// in R, S and A; S + ℓ; non-canonical and small-order encodings for A and R;
// random bytes.
func mutations(rng *mathrand.Rand, pub, sig []byte) [][2][]byte {
	var out [][2][]byte
	add := func(p, s []byte) { out = append(out, [2][]byte{p, s}) }
	add(pub, sig)
	for i := 0; i < 4; i++ {
		s := bytes.Clone(sig)
		bit := rng.IntN(256)
		s[bit/8] ^= 1 << (bit % 8) // R
		add(pub, s)
		s = bytes.Clone(sig)
		bit = 256 + rng.IntN(256)
		s[bit/8] ^= 1 << (bit % 8) // S
		add(pub, s)
		p := bytes.Clone(pub)
		bit = rng.IntN(256)
		p[bit/8] ^= 1 << (bit % 8)
		add(p, sig)
	}
	// S + ℓ and S + 2ℓ, S + 8ℓ where they fit in 256 bits.
	S := bigle.Int(sig[32:])
	for _, m := range []int64{1, 2, 8} {
		t := new(big.Int).Add(S, new(big.Int).Mul(bigL, big.NewInt(m)))
		if t.BitLen() <= 256 {
			add(pub, append(bytes.Clone(sig[:32]), bigToLE32(t)...))
		}
	}
	// Special encodings for A and R: the small-order points, their
	// non-canonical forms, and the sign bit flipped.
	special := [][]byte{encIdentityPPlus1, encIdentityNegZero, notAPointStatic}
	for _, e := range smallOrderEncodings {
		special = append(special, bytes.Clone(e[:]))
	}
	for _, d := range []int64{0, 1, 2, 3, 4, 18} { // y ≥ p: y − p ∈ [0, 18]; these cover the decodable ones and the rest
		y := bigToLE32(new(big.Int).Add(bigP, big.NewInt(d)))
		special = append(special, y)
		y2 := bytes.Clone(y)
		y2[31] |= 0x80
		special = append(special, y2)
	}
	for _, e := range special {
		add(e, sig)
		add(pub, append(bytes.Clone(e), sig[32:]...))
		// S = 0 with both special.
		add(e, append(bytes.Clone(e), make([]byte, 32)...))
	}
	r := make([]byte, 64)
	for i := range r {
		r[i] = byte(rng.Uint32())
	}
	add(pub, r)
	add(r[:32], sig)
	return out
}

var notAPointStatic = bigToLE32(big.NewInt(2))

// diffIterations is the number of random keys per differential test:
// CURVEKIT_ED25519_LONG=1 runs a thousand.
func diffIterations(t *testing.T) int {
	switch {
	case os.Getenv("CURVEKIT_ED25519_LONG") == "1":
		return 1000
	case testing.Short():
		return 5
	}
	return 20
}

// TestDifferentialConsensus: PolicyZIP215 answers exactly as
// ed25519consensus on the same inputs (pure Ed25519, which is all ZIP-215
// defines).
func TestDifferentialConsensus(t *testing.T) {
	rng := mathrand.New(mathrand.NewPCG(3, 4))
	n := diffIterations(t)
	accepted := 0
	for i := 0; i < n; i++ {
		seed := make([]byte, 32)
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		priv := ed25519.NewKeyFromSeed(seed)
		pub := priv.Public().(ed25519.PublicKey)
		msg := make([]byte, rng.IntN(100))
		sig := ed25519.Sign(priv, msg)
		for _, c := range mutations(rng, pub, sig) {
			want := ed25519consensus.Verify(c[0], msg, c[1])
			got := ed25519.VerifyWithOptions(c[0], msg, c[1], &ed25519.Options{Policy: ed25519.PolicyZIP215}) == nil
			if got != want {
				t.Fatalf("pub %x sig %x: got %v, ed25519consensus %v", c[0], c[1], got, want)
			}
			if got {
				accepted++
			}
		}
	}
	t.Logf("%d accepted", accepted)
}
