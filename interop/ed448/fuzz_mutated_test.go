package ed448_test

import (
	"math/big"
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/ed448"
)

// ed448Order is q = 2^446 − 13818066809895115352007386748515426880336692474882178609894547503885,
// written out here from RFC 8032 §5.2 rather than taken from the package.
var ed448Order = func() *big.Int {
	c, _ := new(big.Int).SetString("13818066809895115352007386748515426880336692474882178609894547503885", 10)
	q := new(big.Int).Lsh(big.NewInt(1), 446)
	return q.Sub(q, c)
}()

// Small-order and non-canonical point encodings (57 bytes, little-endian y,
// sign of x in the top bit): the identity (0, 1), (0, −1), and y = 1 + p
// (non-canonical identity), with and without the sign bit.
var ed448OddPoints = func() [][]byte {
	p := new(big.Int).Lsh(big.NewInt(1), 448)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
	p.Sub(p, big.NewInt(1))
	enc := func(y *big.Int, sign bool) []byte {
		b := make([]byte, 57)
		y.FillBytes(b[:56])
		for i, j := 0, 55; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		if sign {
			b[56] = 0x80
		}
		return b
	}
	var out [][]byte
	for _, y := range []*big.Int{big.NewInt(1), new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(1)), big.NewInt(0)} {
		out = append(out, enc(y, false), enc(y, true))
	}
	hi := make([]byte, 57)
	hi[0], hi[56] = 1, 0x7f // bits 448–454 set on the identity
	return append(out, hi)
}()

// FuzzVerifyMutated signs honestly, then mutates the signature or key (bit
// flips, S + k·q, small-order or non-canonical A and R, junk in the unused
// bits) and checks: PolicyDefault answers exactly as circl's Verify and
// VerifyPh; PolicyStrict accepts nothing PolicyDefault rejects; unmutated
// signatures verify under every policy; S ≥ q is rejected by every policy.
func FuzzVerifyMutated(f *testing.F) {
	f.Add(make([]byte, ed448.SeedSize), []byte("msg"), "", false, uint8(0), uint16(0), uint8(0))
	f.Add(make([]byte, ed448.SeedSize), []byte("msg"), "ctx", true, uint8(1), uint16(3), uint8(1))
	for m := uint8(2); m < 8; m++ {
		f.Add(make([]byte, ed448.SeedSize), []byte{}, "", m%2 == 0, m, uint16(m), m)
	}
	f.Fuzz(func(t *testing.T, seed, msg []byte, ctx string, ph bool, mut uint8, pos uint16, arg uint8) {
		if len(seed) != ed448.SeedSize || len(ctx) > ed448.ContextMaxSize {
			return
		}
		priv := ed448.NewKeyFromSeed(seed)
		pub := append([]byte(nil), priv[ed448.SeedSize:]...)
		scheme := ed448.ED448
		var sig []byte
		if ph {
			sig, scheme = ed448.SignPh(priv, msg, ctx), ed448.ED448Ph
		} else {
			sig = ed448.Sign(priv, msg, ctx)
		}
		sBig := false
		switch mut % 8 {
		case 0: // unmutated
		case 1: // flip a bit of the signature
			p := int(pos) % (ed448.SignatureSize * 8)
			sig[p/8] ^= 1 << (p % 8)
		case 2: // flip a bit of the key
			p := int(pos) % (ed448.PublicKeySize * 8)
			pub[p/8] ^= 1 << (p % 8)
		case 3: // S + k·q, k = 1…(arg%4)+1, if it fits in 57 bytes
			s := new(big.Int).SetBytes(reverse(sig[57:]))
			s.Add(s, new(big.Int).Mul(ed448Order, big.NewInt(int64(arg%4)+1)))
			if s.BitLen() > 57*8 {
				return
			}
			b := make([]byte, 57)
			s.FillBytes(b)
			copy(sig[57:], reverse(b))
			sBig = true
		case 4: // A replaced by an odd point
			pub = append([]byte(nil), ed448OddPoints[int(arg)%len(ed448OddPoints)]...)
		case 5: // R replaced by an odd point
			copy(sig[:57], ed448OddPoints[int(arg)%len(ed448OddPoints)])
		case 6: // junk in bits 448–454 of A or R
			if arg&1 == 0 {
				pub[56] ^= arg >> 1 & 0x7f
			} else {
				sig[56] ^= arg >> 1 & 0x7f
			}
		case 7: // both A and R odd, S = 0
			pub = append([]byte(nil), ed448OddPoints[int(arg)%len(ed448OddPoints)]...)
			copy(sig[:57], ed448OddPoints[int(pos)%len(ed448OddPoints)])
			clear(sig[57:])
		}
		var want bool
		if ph {
			want = circled448.VerifyPh(pub, msg, sig, ctx)
		} else {
			want = circled448.Verify(pub, msg, sig, ctx)
		}
		res := make(map[ed448.Policy]bool)
		for _, p := range allPolicies {
			res[p] = ed448.VerifyAny(pub, msg, sig, ed448.SignerOptions{Scheme: scheme, Context: ctx, Policy: p})
		}
		if res[ed448.PolicyDefault] != want {
			t.Fatalf("mutation %d: PolicyDefault %v, circl %v (pub %x sig %x)", mut%8, res[ed448.PolicyDefault], want, pub, sig)
		}
		if ph {
			if ed448.VerifyPh(pub, msg, sig, ctx) != want {
				t.Fatal("VerifyPh differs from VerifyAny")
			}
		} else if ed448.Verify(pub, msg, sig, ctx) != want {
			t.Fatal("Verify differs from VerifyAny")
		}
		if res[ed448.PolicyStrict] && !res[ed448.PolicyDefault] {
			t.Fatalf("mutation %d: PolicyStrict accepts what PolicyDefault rejects", mut%8)
		}
		for _, p := range allPolicies {
			if mut%8 == 0 && !res[p] {
				t.Fatalf("%v rejects an honest signature", p)
			}
			if sBig && res[p] {
				t.Fatalf("%v accepts S ≥ q", p)
			}
		}
	})
}

func reverse(b []byte) []byte {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return r
}
