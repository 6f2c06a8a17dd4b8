package lattice

import (
	"crypto/rand"
	"crypto/sha3"
	"encoding/binary"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The moduli of the two users, from their definitions (RFC 8032 §5.1, §5.2).
var (
	ell, _   = new(big.Int).SetString("27742317777372353535851937790883648493", 10)
	eightEll = new(big.Int).Lsh(new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 252), ell), 3)
	q448d, _ = new(big.Int).SetString("13818066809895115352007386748515426880336692474882178609894547503885", 10)
	q448     = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 446), q448d)
)

func toBig[N Nat](x *N) *big.Int {
	b := make([]byte, 8*len(*x))
	PutBytes(b, x)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return new(big.Int).SetBytes(b)
}

func fromBig[N Nat](x *big.Int) N {
	var z N
	b := le(x, 8*len(z))
	for i := 0; i < len(z); i++ {
		for j := 0; j < 8; j++ {
			z[i] |= uint64(b[8*i+j]) << (8 * j)
		}
	}
	return z
}

func le(x *big.Int, n int) []byte {
	b := x.FillBytes(make([]byte, n))
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

func TestBigRoundTrip(t *testing.T) {
	x := fromBig[[7]uint64](q448)
	if toBig(&x).Cmp(q448) != 0 || BitLen(&x) != 446 {
		t.Fatal("[7]uint64 conversion or BitLen wrong")
	}
	y := fromBig[[4]uint64](eightEll)
	if toBig(&y).Cmp(eightEll) != 0 || BitLen(&y) != 256 {
		t.Fatal("[4]uint64 conversion or BitLen wrong")
	}
}

func testEuclidStep[N Nat](t *testing.T, bits int) {
	for range 1000 {
		a, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		shift, _ := rand.Int(rand.Reader, big.NewInt(40))
		b := new(big.Int).Rsh(a, uint(shift.Int64()))
		r, _ := rand.Int(rand.Reader, big.NewInt(1<<20))
		b.Add(b, r)
		if b.Sign() == 0 {
			continue
		}
		x, y := fromBig[N](a), fromBig[N](b)
		q, ok := EuclidStep(&x, &y)
		wq, wr := new(big.Int).DivMod(a, b, new(big.Int))
		if a.BitLen()-b.BitLen() >= 32 {
			if ok {
				t.Fatalf("EuclidStep(%x, %x) accepted a quotient of 2^31 or more", a, b)
			}
			continue
		}
		if !ok || q != wq.Uint64() || toBig(&x).Cmp(b) != 0 || toBig(&y).Cmp(wr) != 0 {
			t.Fatalf("EuclidStep(%x, %x) = %d, %v; want %v", a, b, q, ok, wq)
		}
	}
}

func TestEuclidStep(t *testing.T) {
	testEuclidStep[[4]uint64](t, 255)
	testEuclidStep[[7]uint64](t, 447)
}

// testShortVector checks ρ ≡ δ·k (mod n), δ odd and the sizes, with
// math/big, for random k < n.
func testShortVector[N Nat](t *testing.T, n *big.Int, half, maxBits int) {
	nn := fromBig[N](n)
	declined := 0
	for range 2000 {
		k, _ := rand.Int(rand.Reader, n)
		absDelta, rho, neg, ok := ShortVector(&nn, le(k, 8*len(nn)), half, maxBits)
		if !ok {
			declined++
			continue
		}
		d := toBig(&absDelta)
		if d.Bit(0) != 1 || BitLen(&absDelta) > maxBits || BitLen(&rho) > maxBits {
			t.Fatalf("k = %x: |δ| = %x, ρ = %x: even or too long", k, d, toBig(&rho))
		}
		if neg {
			d.Neg(d)
		}
		lhs := new(big.Int).Mod(d.Mul(d, k), n)
		if lhs.Cmp(toBig(&rho)) != 0 {
			t.Fatalf("k = %x: δ·k mod n ≠ ρ", k)
		}
	}
	if declined > 2 {
		t.Fatalf("ShortVector declined %d of 2000", declined)
	}
}

func TestShortVector(t *testing.T) {
	testShortVector[[4]uint64](t, eightEll, 128, 136)
	testShortVector[[7]uint64](t, q448, 224, 232)
	testShortVector[[7]uint64](t, new(big.Int).Lsh(q448, 2), 224, 232)
}

func TestShortVectorDeclines(t *testing.T) {
	n := fromBig[[4]uint64](eightEll)
	if _, _, _, ok := ShortVector(&n, make([]byte, 32), 128, 136); ok {
		t.Error("ShortVector accepted k = 0")
	}
}

// BenchmarkShortVector times both users' sizes on a fixed k (so that builds
// compare).
func BenchmarkShortVector(b *testing.B) {
	k := sha3.SumSHAKE256([]byte("BenchmarkShortVector"), 56)
	b.Run("256", func(b *testing.B) {
		n := fromBig[[4]uint64](eightEll)
		k := append([]byte(nil), k[:32]...)
		k[31] &= 0x0f
		benchutil.RunCPU(b, func() { ShortVector(&n, k, 128, 136) })
	})
	b.Run("448", func(b *testing.B) {
		n := fromBig[[7]uint64](q448)
		k := append([]byte(nil), k...)
		k[55] &= 0x0f
		benchutil.RunCPU(b, func() { ShortVector(&n, k, 224, 232) })
	})
}

// exactShortVector is ShortVector's loop with exact steps only (no
// lehmer), the reference its batches must reproduce.
func exactShortVector[N Nat](n *N, kBytes []byte, half int) (a, b, ta, tb N, i int, ok bool) {
	a = *n
	for j := 0; j < len(b); j++ {
		b[j] = binary.LittleEndian.Uint64(kBytes[8*j:])
	}
	tb[0] = 1
	i = 1
	for BitLen(&b) > half {
		q, fine := EuclidStep(&a, &b)
		if !fine {
			return a, b, ta, tb, i, false
		}
		t, fine := mulAdd(&ta, q, &tb)
		if !fine {
			return a, b, ta, tb, i, false
		}
		ta, tb = tb, t
		i++
	}
	return a, b, ta, tb, i, true
}

// testLehmer checks that lehmer's batches take exactly the exact steps:
// from the same state, k exact steps give lehmer's (a, b, ta, tb), and
// ShortVector's loop ends where the exact loop ends.
func testLehmer[N Nat](t *testing.T, n *big.Int, half int) {
	nn := fromBig[N](n)
	batches := 0
	for range 3000 {
		k, _ := rand.Int(rand.Reader, n)
		kb := le(k, 8*len(nn))
		wa, wb, wta, wtb, wi, wok := exactShortVector(&nn, kb, half)
		a := nn
		var b, ta, tb N
		for j := 0; j < len(b); j++ {
			b[j] = binary.LittleEndian.Uint64(kb[8*j:])
		}
		tb[0] = 1
		i := 1
		for BitLen(&b) > half {
			a0, b0, ta0, tb0 := a, b, ta, tb
			if steps := lehmer(&a, &b, &ta, &tb, half); steps > 0 {
				batches++
				for range steps {
					q, fine := EuclidStep(&a0, &b0)
					tn, fine2 := mulAdd(&ta0, q, &tb0)
					if !fine || !fine2 {
						t.Fatalf("k = %x: lehmer took a step the exact loop declines", k)
					}
					ta0, tb0 = tb0, tn
				}
				if a != a0 || b != b0 || ta != ta0 || tb != tb0 {
					t.Fatalf("k = %x: lehmer's %d steps differ from the exact ones", k, steps)
				}
				i += steps
				continue
			}
			q, fine := EuclidStep(&a, &b)
			if !fine {
				break
			}
			tn, _ := mulAdd(&ta, q, &tb)
			ta, tb = tb, tn
			i++
		}
		if wok && (a != wa || b != wb || ta != wta || tb != wtb || i != wi) {
			t.Fatalf("k = %x: the loop with lehmer ends at step %d, the exact loop at %d", k, i, wi)
		}
	}
	if batches == 0 {
		t.Fatal("lehmer never took a batch")
	}
}

func TestLehmer(t *testing.T) {
	testLehmer[[4]uint64](t, eightEll, 128)
	testLehmer[[7]uint64](t, q448, 224)
	testLehmer[[7]uint64](t, new(big.Int).Lsh(q448, 2), 224)
}
