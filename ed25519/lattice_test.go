package ed25519

import (
	"crypto/rand"
	"encoding/binary"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

func u256ToBig(x u256) *big.Int {
	var b [32]byte
	x.bytes(&b)
	return bigle.Int(b[:])
}

func bigToU256(x *big.Int) u256 {
	var u u256
	b := bigToLE32(x)
	for j := range u {
		u[j] = binary.LittleEndian.Uint64(b[8*j:])
	}
	return u
}

func TestEightL(t *testing.T) {
	if u256ToBig(eightL).Cmp(new(big.Int).Mul(bigL, big.NewInt(8))) != 0 {
		t.Fatal("eightL is not 8ℓ")
	}
}

func TestEuclidStep(t *testing.T) {
	rng := mathrand.New(mathrand.NewPCG(7, 8))
	for i := 0; i < 2000; i++ {
		var a, b u256
		for j := range a {
			a[j] = rng.Uint64()
			b[j] = rng.Uint64()
		}
		// Shape b to be a few bits shorter than a, sometimes equal or longer.
		shift := rng.IntN(40)
		bb := new(big.Int).Rsh(u256ToBig(b), uint(shift))
		b = bigToU256(bb)
		A, B := u256ToBig(a), u256ToBig(b)
		q, ok := euclidStep(&a, &b)
		if B.Sign() == 0 {
			if ok {
				t.Fatal("division by zero accepted")
			}
			continue
		}
		Q, R := new(big.Int).QuoRem(A, B, new(big.Int))
		if !ok {
			if Q.BitLen() < 31 {
				t.Fatalf("declined quotient %v", Q)
			}
			continue
		}
		if new(big.Int).SetUint64(q).Cmp(Q) != 0 || u256ToBig(a).Cmp(B) != 0 || u256ToBig(b).Cmp(R) != 0 {
			t.Fatalf("%v / %v: q %d, got (%v, %v)", A, B, q, u256ToBig(a), u256ToBig(b))
		}
	}
}

// TestShortVector checks ρ ≡ δ·k (mod 8ℓ), δ odd, and the sizes, with
// math/big, on random and edge-case k.
func TestShortVector(t *testing.T) {
	n8 := new(big.Int).Mul(bigL, big.NewInt(8))
	ks := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(bigL, big.NewInt(1)), new(big.Int).Lsh(big.NewInt(1), 128),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1)),
		new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1)),
		new(big.Int).Rsh(bigL, 1), new(big.Int).Rsh(bigL, 125)}
	for i := 0; i < 3000; i++ {
		k, _ := rand.Int(rand.Reader, bigL)
		ks = append(ks, k)
	}
	declined := 0
	for _, k := range ks {
		d, r, neg, ok := shortVector(bigToLE32(k))
		if !ok {
			declined++
			continue
		}
		D, R := u256ToBig(d), u256ToBig(r)
		if D.Bit(0) != 1 {
			t.Fatalf("k = %v: δ = %v even", k, D)
		}
		if D.BitLen() > 136 || R.BitLen() > 136 {
			t.Fatalf("k = %v: δ, ρ too long: %d %d", k, D.BitLen(), R.BitLen())
		}
		if neg {
			D.Neg(D)
		}
		lhs := new(big.Int).Mod(new(big.Int).Mul(D, k), n8)
		if lhs.Cmp(new(big.Int).Mod(R, n8)) != 0 {
			t.Fatalf("k = %v: δ·k ≢ ρ (mod 8ℓ)", k)
		}
	}
	t.Logf("%d of %d declined", declined, len(ks))
	if declined > len(ks)/100 {
		t.Errorf("%d of %d declined", declined, len(ks))
	}
}

// verifier is the verification a test runs: one-shot (VerifyWithOptions's
// shape) and with an ExpandedPublicKey.
type verifier struct {
	one      func(pub PublicKey, message, sig []byte, opts *Options) error
	expanded func(e *ExpandedPublicKey, message, sig []byte, opts *Options) error
}

// exported is the package's API, with the half-size equation; fullSize is
// the same checks with the full-size equation [S]B − [k]A.
var (
	exported = verifier{VerifyWithOptions, (*ExpandedPublicKey).VerifyWithOptions}
	fullSize = verifier{
		one: func(pub PublicKey, message, sig []byte, opts *Options) error {
			return verifyWithOptions(pub, nil, message, sig, opts, false)
		},
		expanded: func(e *ExpandedPublicKey, message, sig []byte, opts *Options) error {
			if !e.valid() {
				return errUninitializedPublic
			}
			return verifyWithOptions(nil, &e.key, message, sig, opts, false)
		},
	}
)

// TestFullSizePath runs the policy table and the vector files on the
// full-size equation, so the fallback path stays tested.
func TestFullSizePath(t *testing.T) {
	t.Run("PolicyTable", func(t *testing.T) { testPolicyTable(t, fullSize) })
	t.Run("RFC", func(t *testing.T) { testRFC8032CtxPh(t, fullSize) })
	if !testing.Short() {
		t.Run("VectorFiles", func(t *testing.T) { testVectorFiles(t, fullSize) })
	}
}
