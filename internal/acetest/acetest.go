// Package acetest holds the Ace handshake test inputs that the
// handshake/ace package's tests and the interop module's share: the
// edwards25519 constants and curve equation in math/big, the 64-byte x ‖ y
// encodings that a public key must be refused for, and the points of the
// C2SP/CCTV Ed25519 vectors with their flags. The point arithmetic comes
// from the caller (math/big on one side, filippo.io/edwards25519 on the
// other), never from the code under test. It is used only by tests.
package acetest

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

var (
	// P is the field prime 2^255 − 19.
	P = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	// D is the curve constant d = −121665/121666 mod p.
	D = func() *big.Int {
		d := new(big.Int).ModInverse(big.NewInt(121666), P)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, P)
	}()
)

// LE returns v (0 ≤ v < 2^256) as 32 little-endian bytes.
func LE(v *big.Int) []byte {
	b := v.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// OnCurve reports whether -x² + y² = 1 + d·x²·y² mod p.
func OnCurve(x, y *big.Int) bool {
	xx := new(big.Int).Mul(x, x)
	yy := new(big.Int).Mul(y, y)
	lhs := new(big.Int).Sub(yy, xx)
	rhs := new(big.Int).Mul(xx, yy)
	rhs.Mul(rhs, D).Add(rhs, big.NewInt(1))
	return lhs.Sub(lhs, rhs).Mod(lhs, P).Sign() == 0
}

// BadPoints returns the x ‖ y encodings that must be rejected: small[k],
// the 8 points k·T of order dividing 8; mixed[k−1], pub's point plus k·T
// for k = 1..7; pub (a valid key's encoding) with bit 255 set in x or in y,
// mutated off the curve, or with its coordinates swapped; all zero and all
// ones; and NonCanonicalPoints. It fails the test if acceptable, the
// caller's oracle, accepts any of them, so the list cannot silently hold a
// valid key.
func BadPoints(t testing.TB, pub []byte, small, mixed [][]byte, acceptable func([]byte) bool) map[string][]byte {
	t.Helper()
	if len(small) != 8 || len(mixed) != 7 {
		t.Fatalf("BadPoints: %d small-order and %d mixed-order points, want 8 and 7", len(small), len(mixed))
	}
	bad := map[string][]byte{}
	for k, b := range small {
		bad["small-order "+string(rune('0'+k))+"·T"] = b
	}
	for k, b := range mixed {
		bad["mixed-order P+"+string(rune('1'+k))+"·T"] = b
	}
	for name, mutate := range map[string]func(b []byte){
		"P, bit 255 of x set": func(b []byte) { b[31] |= 0x80 },
		"P, bit 255 of y set": func(b []byte) { b[63] |= 0x80 },
		"P, x+1 (off the curve)": func(b []byte) {
			x := bigle.Int(b[:32])
			copy(b[:32], LE(x.Add(x, big.NewInt(1)).Mod(x, P)))
		},
		"P, y+1 (off the curve)": func(b []byte) {
			y := bigle.Int(b[32:])
			copy(b[32:], LE(y.Add(y, big.NewInt(1)).Mod(y, P)))
		},
		"P, x and y swapped (off the curve)": func(b []byte) {
			copy(b[:32], pub[32:])
			copy(b[32:], pub[:32])
		},
		"all zero (off the curve)": func(b []byte) { clear(b) },
		"all ones":                 func(b []byte) { copy(b, bytes.Repeat([]byte{0xff}, 64)) },
	} {
		b := append([]byte(nil), pub...)
		mutate(b)
		bad[name] = b
	}
	for name, b := range NonCanonicalPoints(t) {
		bad[name] = b
	}
	for name, b := range bad {
		if acceptable(b) {
			t.Fatalf("%s: the oracle accepts it", name)
		}
	}
	return bad
}

// NonCanonicalPoints returns x ‖ (y+p) and (x+p) ‖ y for every point on the
// curve with y < 19 or x < 19 (so that y+p or x+p is below 2^255, the
// only non-canonical coordinates with bit 255 clear), found with math/big.
// None of these points has order ℓ (they have orders 1, 2, 4·ℓ, 8·ℓ, ...),
// so the tests also check that the canonicity check is what rejects them.
func NonCanonicalPoints(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	one := big.NewInt(1)
	for c := int64(0); c < 19; c++ {
		v := big.NewInt(c)
		vv := new(big.Int).Mul(v, v)
		dvv := new(big.Int).Mul(D, vv)
		// y = c: x² = (y²-1)/(d·y²+1).   x = c: y² = (1+x²)/(1-d·x²).
		for _, yFixed := range []bool{true, false} {
			num, den := new(big.Int), new(big.Int)
			if yFixed {
				num.Sub(vv, one)
				den.Add(dvv, one)
			} else {
				num.Add(vv, one)
				den.Sub(one, dvv)
			}
			den.Mod(den, P).ModInverse(den, P)
			num.Mul(num, den).Mod(num, P)
			w := new(big.Int).ModSqrt(num, P)
			if w == nil {
				continue
			}
			x, y := w, v
			if !yFixed {
				x, y = v, w
			}
			if !OnCurve(x, y) {
				t.Fatal("NonCanonicalPoints: bad root")
			}
			name := "x+p"
			b := append(LE(new(big.Int).Add(x, P)), LE(y)...)
			if yFixed {
				name = "y+p"
				b = append(LE(x), LE(new(big.Int).Add(y, P))...)
			}
			out[fmt.Sprintf("(%x, %x) as %s", x, y, name)] = b
		}
	}
	// The identity (0, 1) with both coordinates + p.
	out["identity as (p, 1+p)"] = append(LE(P), LE(new(big.Int).Add(one, P))...)
	if len(out) < 20 {
		t.Fatalf("only %d non-canonical encodings", len(out))
	}
	return out
}

type cctvCase struct {
	Key   string   `json:"key"`
	Sig   string   `json:"sig"`
	Flags []string `json:"flags"`
}

// CCTVPoints returns the distinct points of the C2SP/CCTV Ed25519 vectors
// in the file at path (public keys and R halves of signatures), decoded
// leniently by decode and re-encoded as x ‖ y, and whether their flags say
// they are small-order or mixed-order. Their non-canonical compressed
// encodings have no counterpart in x ‖ y, which is always canonical once
// re-encoded; all of them are flagged low-order as well.
func CCTVPoints(t testing.TB, path string, decode func(compressed []byte) (xy []byte, err error)) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []cctvCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	bad := map[string]bool{}
	for _, c := range cases {
		flags := map[string]bool{}
		for _, f := range c.Flags {
			flags[f] = true
		}
		for _, pos := range []struct {
			hex    string
			suffix string
		}{{c.Key, "A"}, {c.Sig[:64], "R"}} {
			b, err := hex.DecodeString(pos.hex)
			if err != nil || len(b) != 32 {
				t.Fatalf("bad hex %q", pos.hex)
			}
			lowOrder := flags["low_order_"+pos.suffix] || flags["low_order_component_"+pos.suffix]
			if flags["non_canonical_"+pos.suffix] && !lowOrder {
				t.Fatalf("%x: non-canonical but not flagged low-order", b)
			}
			xy, err := decode(b)
			if err != nil {
				t.Fatalf("%x: does not decode: %v", b, err)
			}
			u := string(xy)
			bad[u] = bad[u] || lowOrder
		}
	}
	return bad
}
