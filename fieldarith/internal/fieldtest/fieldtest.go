// Package fieldtest is the one test harness shared by every field in
// fieldarith. It checks a field element type against math/big: every
// operation on random and edge values, aliasing, the byte encoding and its
// rejection of non-canonical input, the constant-time helpers, and that the
// hot operations do not allocate.
//
// A field package calls Run once per representation (the exported Element and
// each internal limb representation, which share its method set), so one plain
// `go test` checks the 64-bit and 32-bit code against math/big and therefore
// against each other. RunExtras checks the methods the Edwards curves'
// fields add; Agree checks two representations of one field against each
// other directly.
package fieldtest

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

// Elem is the method set every fieldarith element type has (see the
// fieldarith package documentation for the contract).
type Elem[T any] interface {
	*T
	Zero() *T
	One() *T
	Set(a *T) *T
	Add(a, b *T) *T
	Subtract(a, b *T) *T
	Negate(a *T) *T
	Multiply(a, b *T) *T
	Square(a *T) *T
	Invert(a *T) *T
	Select(a, b *T, cond int) *T
	Swap(u *T, cond int)
	Equal(u *T) int
	IsZero() int
	SetCanonicalBytes(x []byte) (*T, error)
	Bytes() []byte
}

// Config describes the field under test.
type Config struct {
	Modulus   *big.Int // the prime
	Size      int      // encoding length in bytes
	BigEndian bool     // byte order of the encoding
	// Iterations of the random tests; 0 means 2000 (200 with -short).
	Iterations int
}

// Encode returns the Size-byte encoding of x, which must satisfy 0 ≤ x < 2^(8·Size).
func (c Config) Encode(x *big.Int) []byte {
	b := x.FillBytes(make([]byte, c.Size))
	if !c.BigEndian {
		reverse(b)
	}
	return b
}

// Decode returns the integer encoded by b.
func (c Config) Decode(b []byte) *big.Int {
	b = bytes.Clone(b)
	if !c.BigEndian {
		reverse(b)
	}
	return new(big.Int).SetBytes(b)
}

func reverse(b []byte) {
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
}

// EdgeValues returns the values every field is tested on besides random
// ones: 0, 1, 2, p−1, p−2, (p−1)/2, (p+1)/2, every 7th power of two mod p,
// and values with long runs of ones and zeros in their bits.
func (c Config) EdgeValues() []*big.Int {
	p := c.Modulus
	one := big.NewInt(1)
	vals := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(19),
		new(big.Int).Sub(p, one),
		new(big.Int).Sub(p, big.NewInt(2)),
		new(big.Int).Rsh(p, 1),
		new(big.Int).Add(new(big.Int).Rsh(p, 1), one),
	}
	for k := 0; k <= p.BitLen(); k += 7 {
		v := new(big.Int).Lsh(one, uint(k))
		vals = append(vals, v.Mod(v, p))
		w := new(big.Int).Sub(new(big.Int).Lsh(one, uint(k)), one)
		vals = append(vals, w.Mod(w, p))
	}
	return vals
}

// Random returns a uniformly random field value.
func (c Config) Random(r *rand.Rand) *big.Int {
	b := make([]byte, c.Size+8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	v := new(big.Int).SetBytes(b)
	return v.Mod(v, c.Modulus)
}

func (c Config) iterations() int {
	if c.Iterations > 0 {
		return c.Iterations
	}
	if testing.Short() {
		return 200
	}
	return 2000
}

// FromBig sets a new element to x mod p through SetCanonicalBytes.
func FromBig[T any, P Elem[T]](t testing.TB, c Config, x *big.Int) *T {
	t.Helper()
	x = new(big.Int).Mod(x, c.Modulus)
	v := P(new(T))
	if _, err := v.SetCanonicalBytes(c.Encode(x)); err != nil {
		t.Fatalf("SetCanonicalBytes(%x): %v", c.Encode(x), err)
	}
	return v
}

// ToBig decodes v.Bytes() and checks that the encoding is canonical.
func ToBig[T any, P Elem[T]](t testing.TB, c Config, v *T) *big.Int {
	t.Helper()
	b := P(v).Bytes()
	if len(b) != c.Size {
		t.Fatalf("Bytes() returned %d bytes, want %d", len(b), c.Size)
	}
	x := c.Decode(b)
	if x.Cmp(c.Modulus) >= 0 {
		t.Fatalf("Bytes() = %x is not reduced", b)
	}
	return x
}

// Run runs the whole harness on the representation T.
func Run[T any, P Elem[T]](t *testing.T, c Config) {
	t.Run("Encoding", func(t *testing.T) { testEncoding[T, P](t, c) })
	t.Run("Ops", func(t *testing.T) { testOps[T, P](t, c) })
	t.Run("Aliasing", func(t *testing.T) { testAliasing[T, P](t, c) })
	t.Run("ConstantTimeHelpers", func(t *testing.T) { testHelpers[T, P](t, c) })
	t.Run("Allocs", func(t *testing.T) { testAllocs[T, P](t, c) })
}

func testEncoding[T any, P Elem[T]](t *testing.T, c Config) {
	p := c.Modulus
	one := big.NewInt(1)
	r := rand.New(rand.NewPCG(1, 2))
	// Canonical values round-trip.
	vals := c.EdgeValues()
	for range c.iterations() {
		vals = append(vals, c.Random(r))
	}
	for _, x := range vals {
		v := FromBig[T, P](t, c, x)
		if got := ToBig[T, P](t, c, v); got.Cmp(x) != 0 {
			t.Fatalf("round trip of %x gave %x", x, got)
		}
	}
	// Non-canonical values are rejected and leave the receiver unchanged.
	max := new(big.Int).Sub(new(big.Int).Lsh(one, uint(8*c.Size)), one)
	bad := []*big.Int{new(big.Int).Set(p), new(big.Int).Add(p, one), max}
	if twoP := new(big.Int).Lsh(p, 1); twoP.Cmp(max) <= 0 {
		bad = append(bad, twoP, new(big.Int).Sub(twoP, one))
	}
	sentinel := FromBig[T, P](t, c, big.NewInt(7))
	for _, x := range bad {
		v := P(new(T))
		v.Set(sentinel)
		if out, err := v.SetCanonicalBytes(c.Encode(x)); err == nil || out != nil {
			t.Errorf("SetCanonicalBytes(%x) accepted a non-canonical value", c.Encode(x))
		}
		if P(v).Equal(sentinel) != 1 {
			t.Errorf("SetCanonicalBytes(%x) modified the receiver on error", c.Encode(x))
		}
	}
	for _, n := range []int{0, 1, c.Size - 1, c.Size + 1, 2 * c.Size} {
		v := P(new(T))
		v.Set(sentinel)
		if _, err := v.SetCanonicalBytes(make([]byte, n)); err == nil {
			t.Errorf("SetCanonicalBytes accepted %d bytes", n)
		}
		if P(v).Equal(sentinel) != 1 {
			t.Errorf("SetCanonicalBytes(%d bytes) modified the receiver on error", n)
		}
	}
	// The zero value is zero; Zero and One are what they say.
	var z T
	if P(&z).IsZero() != 1 || ToBig[T, P](t, c, &z).Sign() != 0 {
		t.Error("the zero value is not 0")
	}
	if ToBig[T, P](t, c, P(new(T)).One()).Cmp(one) != 0 {
		t.Error("One() is not 1")
	}
	if ToBig[T, P](t, c, P(FromBig[T, P](t, c, one)).Zero()).Sign() != 0 {
		t.Error("Zero() is not 0")
	}
}

// binaryOps lists each operation with its math/big model.
func binaryOps[T any, P Elem[T]](p *big.Int) []struct {
	name string
	op   func(v, a, b *T) *T
	ref  func(a, b *big.Int) *big.Int
} {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	return []struct {
		name string
		op   func(v, a, b *T) *T
		ref  func(a, b *big.Int) *big.Int
	}{
		{"Add", func(v, a, b *T) *T { return P(v).Add(a, b) }, func(a, b *big.Int) *big.Int { return mod(new(big.Int).Add(a, b)) }},
		{"Subtract", func(v, a, b *T) *T { return P(v).Subtract(a, b) }, func(a, b *big.Int) *big.Int { return mod(new(big.Int).Sub(a, b)) }},
		{"Multiply", func(v, a, b *T) *T { return P(v).Multiply(a, b) }, func(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }},
		{"Negate", func(v, a, _ *T) *T { return P(v).Negate(a) }, func(a, _ *big.Int) *big.Int { return mod(new(big.Int).Neg(a)) }},
		{"Square", func(v, a, _ *T) *T { return P(v).Square(a) }, func(a, _ *big.Int) *big.Int { return mod(new(big.Int).Mul(a, a)) }},
		{"Invert", func(v, a, _ *T) *T { return P(v).Invert(a) }, func(a, _ *big.Int) *big.Int {
			if a.Sign() == 0 {
				return new(big.Int)
			}
			return new(big.Int).ModInverse(a, p)
		}},
	}
}

func testOps[T any, P Elem[T]](t *testing.T, c Config) {
	r := rand.New(rand.NewPCG(3, 4))
	edges := c.EdgeValues()
	var pairs [][2]*big.Int
	// The first eight edges meet every edge; the rest meet a fifth of the
	// others, which keeps 448-bit fields quick under qemu.
	for i, a := range edges {
		for j, b := range edges {
			if i < 8 || j < 8 || (i+j)%5 == 0 {
				pairs = append(pairs, [2]*big.Int{a, b})
			}
		}
	}
	for range c.iterations() {
		pairs = append(pairs, [2]*big.Int{c.Random(r), c.Random(r)})
	}
	for _, op := range binaryOps[T, P](c.Modulus) {
		n := len(pairs)
		if op.name == "Invert" && n > 300 {
			n = 300 // inversion is ~250 multiplications; edges plus random is plenty
		}
		for _, pr := range pairs[len(pairs)-n:] {
			a, b := FromBig[T, P](t, c, pr[0]), FromBig[T, P](t, c, pr[1])
			got := ToBig[T, P](t, c, op.op(new(T), a, b))
			if want := op.ref(pr[0], pr[1]); got.Cmp(want) != 0 {
				t.Fatalf("%s(%x, %x) = %x, want %x", op.name, pr[0], pr[1], got, want)
			}
		}
	}
	// Chains of operations keep limbs within their bounds: compare a long
	// mixed computation, never normalised through Bytes, with math/big.
	a, b := FromBig[T, P](t, c, c.Random(r)), FromBig[T, P](t, c, c.Random(r))
	x, y := ToBig[T, P](t, c, a), ToBig[T, P](t, c, b)
	acc := P(new(T))
	acc.Set(a)
	ref := new(big.Int).Set(x)
	p := c.Modulus
	for i := range 500 {
		switch i % 5 {
		case 0:
			acc.Add(acc, b)
			ref.Add(ref, y)
		case 1:
			acc.Multiply(acc, a)
			ref.Mul(ref, x)
		case 2:
			acc.Subtract(acc, b)
			ref.Sub(ref, y)
		case 3:
			acc.Square(acc)
			ref.Mul(ref, ref)
		case 4:
			acc.Add(acc, acc)
			acc.Negate(acc)
			ref.Lsh(ref, 1).Neg(ref)
		}
		ref.Mod(ref, p)
	}
	if got := ToBig[T, P](t, c, acc); got.Cmp(ref) != 0 {
		t.Fatalf("chained operations: got %x, want %x", got, ref)
	}
}

func testAliasing[T any, P Elem[T]](t *testing.T, c Config) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, op := range binaryOps[T, P](c.Modulus) {
		for range 20 {
			x0, y0 := c.Random(r), c.Random(r)
			want := ToBig[T, P](t, c, op.op(new(T), FromBig[T, P](t, c, x0), FromBig[T, P](t, c, y0)))
			// v aliases a.
			a, b := FromBig[T, P](t, c, x0), FromBig[T, P](t, c, y0)
			if got := ToBig[T, P](t, c, op.op(a, a, b)); got.Cmp(want) != 0 {
				t.Fatalf("%s with v == a: got %x, want %x", op.name, got, want)
			}
			// v aliases b.
			a, b = FromBig[T, P](t, c, x0), FromBig[T, P](t, c, y0)
			if got := ToBig[T, P](t, c, op.op(b, a, b)); got.Cmp(want) != 0 {
				t.Fatalf("%s with v == b: got %x, want %x", op.name, got, want)
			}
			// a aliases b, and v aliases both.
			wantSame := ToBig[T, P](t, c, op.op(new(T), FromBig[T, P](t, c, x0), FromBig[T, P](t, c, x0)))
			a = FromBig[T, P](t, c, x0)
			if got := ToBig[T, P](t, c, op.op(a, a, a)); got.Cmp(wantSame) != 0 {
				t.Fatalf("%s with v == a == b: got %x, want %x", op.name, got, wantSame)
			}
		}
	}
}

func testHelpers[T any, P Elem[T]](t *testing.T, c Config) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 50 {
		x, y := c.Random(r), c.Random(r)
		a, b := FromBig[T, P](t, c, x), FromBig[T, P](t, c, y)
		if got := ToBig[T, P](t, c, P(new(T)).Select(a, b, 1)); got.Cmp(x) != 0 {
			t.Fatal("Select(a, b, 1) != a")
		}
		if got := ToBig[T, P](t, c, P(new(T)).Select(a, b, 0)); got.Cmp(y) != 0 {
			t.Fatal("Select(a, b, 0) != b")
		}
		u, v := P(new(T)), P(new(T))
		u.Set(a)
		v.Set(b)
		u.Swap((*T)(v), 0)
		if ToBig[T, P](t, c, (*T)(u)).Cmp(x) != 0 || ToBig[T, P](t, c, (*T)(v)).Cmp(y) != 0 {
			t.Fatal("Swap(…, 0) swapped")
		}
		u.Swap((*T)(v), 1)
		if ToBig[T, P](t, c, (*T)(u)).Cmp(y) != 0 || ToBig[T, P](t, c, (*T)(v)).Cmp(x) != 0 {
			t.Fatal("Swap(…, 1) did not swap")
		}
		if P(a).Equal(b) != boolInt(x.Cmp(y) == 0) || P(a).Equal(FromBig[T, P](t, c, x)) != 1 {
			t.Fatal("Equal wrong")
		}
		if P(a).IsZero() != boolInt(x.Sign() == 0) {
			t.Fatal("IsZero wrong")
		}
	}
	// Equal and IsZero must see through unreduced limbs: p computed as
	// (p−1)+1 is zero, and a+p equals a.
	pm1 := FromBig[T, P](t, c, new(big.Int).Sub(c.Modulus, big.NewInt(1)))
	one := P(new(T)).One()
	z := P(new(T))
	z.Add(pm1, one)
	if z.IsZero() != 1 || z.Equal(new(T)) != 1 {
		t.Error("(p−1)+1 is not zero")
	}
}

func testAllocs[T any, P Elem[T]](t *testing.T, c Config) {
	if testing.CoverMode() != "" || testenv.Race {
		t.Skip("allocation counts are not meaningful under -cover or -race")
	}
	r := rand.New(rand.NewPCG(9, 10))
	a, b := FromBig[T, P](t, c, c.Random(r)), FromBig[T, P](t, c, c.Random(r))
	v := P(new(T))
	if n := testing.AllocsPerRun(100, func() {
		v.Multiply(a, b)
		v.Square(v)
		v.Add(v, a)
		v.Subtract(v, b)
		v.Negate(v)
	}); n != 0 {
		t.Errorf("arithmetic allocates %v times per run", n)
	}
}

// Fuzz is the shared fuzz target body: it interprets two byte strings as
// field values (reduced mod p) and checks every operation against math/big.
// Call it from a package's FuzzXxx function.
func Fuzz[T any, P Elem[T]](f *testing.F, c Config) {
	f.Add([]byte{0}, []byte{1})
	f.Add(c.Encode(new(big.Int).Sub(c.Modulus, big.NewInt(1))), c.Encode(big.NewInt(2)))
	f.Add(bytes.Repeat([]byte{0xff}, c.Size), bytes.Repeat([]byte{0x80}, c.Size+3))
	f.Fuzz(func(t *testing.T, xb, yb []byte) {
		x := new(big.Int).SetBytes(xb)
		y := new(big.Int).SetBytes(yb)
		x.Mod(x, c.Modulus)
		y.Mod(y, c.Modulus)
		// Raw bytes must never panic SetCanonicalBytes.
		if _, err := P(new(T)).SetCanonicalBytes(xb); err == nil {
			if len(xb) != c.Size || c.Decode(xb).Cmp(c.Modulus) >= 0 {
				t.Fatalf("SetCanonicalBytes accepted %x", xb)
			}
		}
		a, b := FromBig[T, P](t, c, x), FromBig[T, P](t, c, y)
		for _, op := range binaryOps[T, P](c.Modulus) {
			got := ToBig[T, P](t, c, op.op(new(T), a, b))
			if want := op.ref(x, y); got.Cmp(want) != 0 {
				t.Fatalf("%s(%x, %x) = %x, want %x", op.name, x, y, got, want)
			}
		}
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
