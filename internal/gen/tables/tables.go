// Package tables writes the basepoint tables of package tables. It
// computes them with math/big from the curve definition alone (affine
// addition with a modular inverse per step), independently of the curve
// packages whose fast code the tables serve, so that their tests can check
// the fast code against this slow reference byte for byte.
//
// Each curve of internal/gen/registry gets a table file, from its field,
// its equation (twisted Edwards a·x² + y² = 1 + d·x²·y², or short
// Weierstrass y² = x³ + a·x + b), its basepoint, the bit length of its
// group order, the table geometry, and the encoding of a coordinate (the
// base field's size and byte order).
package tables

import (
	"bytes"
	"fmt"
	"go/format"
	"math/big"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

// A curve is what the generator needs to know of one, taken from the
// registry (fromRegistry): a twisted Edwards curve a·x² + y² = 1 + d·x²·y²
// or (weierstrass) a short Weierstrass curve y² = x³ + a·x + b over GF(p),
// its basepoint, the bit length of its group order (the tables serve
// scalars below 2^orderBits), the table shapes, and how a coordinate is
// encoded.
type curve struct {
	ident       string // prefix of the Go identifiers: Edwards25519Base, …
	prose       string // the curve's name in comments
	baseDoc     string // how the comments describe the basepoint
	p, a, d     *big.Int
	weierstrass bool     // y² = x³ + a·x + b instead of the Edwards form
	b           *big.Int // Weierstrass b (d is unused then)
	base        point
	orderBits   int
	coordBytes  int
	bigEndian   bool
	// Shapes (see the curve package's documentation for the measurements).
	fixedWindow, fixedSpacing, nafWindow int
	// oddHighShift > 0 adds a second odd-multiples table, of
	// [2^oddHighShift]B (edwards448's half-size verification).
	oddHighShift int
}

// curves are the registry's curves, by name.
var curves = func() map[string]*curve {
	m := map[string]*curve{}
	for _, c := range registry.Curves {
		m[c.Name] = fromRegistry(c)
	}
	return m
}()

// fromRegistry returns the law and table shapes of a registry curve.
// Coordinates are encoded as the base field's elements are.
func fromRegistry(r *registry.Curve) *curve {
	return &curve{
		ident: r.Ident(), prose: r.Title, baseDoc: r.GeneratorRef,
		p: r.Field.Modulus, a: r.A, d: r.D, b: r.B,
		weierstrass: r.Model == registry.ShortWeierstrass,
		base:        point{r.Gx, r.Gy},
		orderBits:   r.OrderBits(), coordBytes: r.Field.Size, bigEndian: r.Field.BigEndian,
		fixedWindow: r.Tables.CombWindow, fixedSpacing: r.Tables.CombSpacing,
		nafWindow: r.Tables.NAFWindow, oddHighShift: r.Tables.OddHighShift,
	}
}

// Files returns the committed table file of every curve, keyed by path
// relative to the module root.
func Files() (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, c := range curves {
		src, err := c.generate()
		if err != nil {
			return nil, fmt.Errorf("tables %s: %v", name, err)
		}
		out["tables/zz_generated_"+name+".go"] = src
	}
	return out, nil
}

// Shape returns the table file of the named curve with another fixed-base
// window w, spacing s and odd-multiples NAF window nw (0 keeps the curve's),
// for measuring other shapes.
func Shape(name string, w, s, nw int) ([]byte, error) {
	c, ok := curves[name]
	if !ok {
		return nil, fmt.Errorf("tables: unknown curve %q", name)
	}
	or := func(v, def int) int {
		if v != 0 {
			return v
		}
		return def
	}
	return c.generateShape(or(w, c.fixedWindow), or(s, c.fixedSpacing), or(nw, c.nafWindow))
}

// A point is affine (x, y); on a Weierstrass curve x == nil is the point at
// infinity (no table entry is).
type point struct{ x, y *big.Int }

// identity returns the neutral element (0, 1) of an Edwards curve.
func identity() point { return point{big.NewInt(0), big.NewInt(1)} }

// zero returns the neutral element of c.
func (c *curve) zero() point {
	if c.weierstrass {
		return point{}
	}
	return identity()
}

// add returns p1 + p2 on c.
func (c *curve) add(a, b point) point {
	if c.weierstrass {
		return c.addWeierstrass(a, b)
	}
	return c.addEdwards(a, b)
}

// addWeierstrass is the affine chord-and-tangent law: λ = (y2 − y1)/(x2 −
// x1), or (3x1² + a)/(2y1) when a = b, x3 = λ² − x1 − x2, y3 = λ(x1 − x3) −
// y1; a = −b gives the point at infinity.
func (c *curve) addWeierstrass(a, b point) point {
	switch {
	case a.x == nil:
		return b
	case b.x == nil:
		return a
	}
	lambda := new(big.Int)
	if a.x.Cmp(b.x) == 0 {
		if s := new(big.Int).Add(a.y, b.y); s.Mod(s, c.p).Sign() == 0 {
			return point{}
		}
		num := new(big.Int).Mul(a.x, a.x)
		num.Mul(num, big.NewInt(3)).Add(num, c.a)
		den := new(big.Int).Lsh(a.y, 1)
		lambda.Mul(num, den.ModInverse(den.Mod(den, c.p), c.p))
	} else {
		num := new(big.Int).Sub(b.y, a.y)
		den := new(big.Int).Sub(b.x, a.x)
		lambda.Mul(num, den.ModInverse(den.Mod(den, c.p), c.p))
	}
	lambda.Mod(lambda, c.p)
	x3 := new(big.Int).Mul(lambda, lambda)
	x3.Sub(x3, a.x).Sub(x3, b.x).Mod(x3, c.p)
	y3 := new(big.Int).Sub(a.x, x3)
	y3.Mul(y3, lambda).Sub(y3, a.y).Mod(y3, c.p)
	return point{x3, y3}
}

// addEdwards returns p1 + p2 with the affine twisted Edwards law, complete
// when a is a square and d is not: x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2),
// y3 = (y1y2 − a·x1x2)/(1 − d·x1x2y1y2).
func (c *curve) addEdwards(a, b point) point {
	x1y2 := new(big.Int).Mul(a.x, b.y)
	y1x2 := new(big.Int).Mul(a.y, b.x)
	y1y2 := new(big.Int).Mul(a.y, b.y)
	x1x2 := new(big.Int).Mul(a.x, b.x)
	t := new(big.Int).Mul(x1x2, y1y2)
	t.Mul(t, c.d).Mod(t, c.p)
	den1 := new(big.Int).Add(big.NewInt(1), t)
	den2 := new(big.Int).Sub(big.NewInt(1), t)
	den1.ModInverse(den1.Mod(den1, c.p), c.p)
	den2.ModInverse(den2.Mod(den2, c.p), c.p)
	x3 := x1y2.Add(x1y2, y1x2)
	x3.Mul(x3, den1).Mod(x3, c.p)
	ax1x2 := x1x2.Mul(x1x2, c.a)
	y3 := y1y2.Sub(y1y2, ax1x2)
	y3.Mul(y3, den2).Mod(y3, c.p)
	return point{x3, y3}
}

// pointWithY returns the point with the given y whose x has the given low
// bit: x² = (y² − 1)/(d·y² − a).
func (c *curve) pointWithY(y *big.Int, sign uint) point {
	yy := new(big.Int).Mul(y, y)
	num := new(big.Int).Sub(yy, big.NewInt(1))
	den := new(big.Int).Mul(c.d, yy)
	den.Sub(den, c.a).Mod(den, c.p)
	xx := num.Mul(num, den.ModInverse(den, c.p)).Mod(num, c.p)
	x := new(big.Int).ModSqrt(xx, c.p)
	if x == nil {
		panic("no square root")
	}
	if x.Bit(0) != sign {
		x.Sub(c.p, x)
	}
	return point{x, y}
}

// onCurve reports whether q satisfies the curve equation.
func (c *curve) onCurve(q point) bool {
	if c.weierstrass {
		if q.x == nil {
			return true
		}
		l := new(big.Int).Mul(q.y, q.y)
		r := new(big.Int).Mul(q.x, q.x)
		r.Add(r, c.a).Mul(r, q.x).Add(r, c.b)
		return l.Sub(l, r).Mod(l, c.p).Sign() == 0
	}
	xx := new(big.Int).Mul(q.x, q.x)
	yy := new(big.Int).Mul(q.y, q.y)
	l := new(big.Int).Mul(c.a, xx)
	l.Add(l, yy).Mod(l, c.p)
	r := new(big.Int).Mul(c.d, xx)
	r.Mul(r, yy).Add(r, big.NewInt(1)).Mod(r, c.p)
	return l.Cmp(r) == 0
}

// encodeCoord is the coordBytes-byte encoding of a reduced value, in the
// curve's byte order.
func (c *curve) encodeCoord(v *big.Int) []byte {
	b := v.FillBytes(make([]byte, c.coordBytes))
	if !c.bigEndian {
		for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
	}
	return b
}

func (c *curve) encode(buf *bytes.Buffer, q point) {
	fmt.Fprintf(buf, "\t\t\"")
	for _, b := range append(c.encodeCoord(q.x), c.encodeCoord(q.y)...) {
		fmt.Fprintf(buf, "\\x%02x", b)
	}
	fmt.Fprintf(buf, "\" +\n")
}

// generate returns the committed file's contents for c.
func (c *curve) generate() ([]byte, error) {
	return c.generateShape(c.fixedWindow, c.fixedSpacing, c.nafWindow)
}

func (c *curve) generateShape(w, s, nw int) ([]byte, error) {
	var buf bytes.Buffer
	B := c.base
	order := "little-endian"
	if c.bigEndian {
		order = "big-endian"
	}

	// Scalars are reduced mod the order, below 2^orderBits. With n signed
	// digits of w bits the top digit holds the bits from w·(n−1) up plus a
	// carry of one, at most 2^(w−1) when n·w ≥ orderBits+1: for
	// edwards25519 and w = 5 that is 51 digits, not the 52 a 256-bit
	// scalar would need.
	digits := (c.orderBits + w) / w // registry.Curve.CombDigits
	positions := (digits + s - 1) / s
	fmt.Fprintf(&buf, `// Code generated by tables/internal/gen. DO NOT EDIT.

package tables

// %sBase is the fixed-base table of the %s basepoint B
// %s: signed radix-2^%d digits, spacing %d, %d positions of
// %d entries k·2^(%d·j)·B, each entry the %d-byte %s affine x
// then y (%d bytes). See FixedBase.
var %sBase = FixedBase{
	Window:     %d,
	Spacing:    %d,
	Positions:  %d,
	EntryBytes: %d,
	Data: "" +
`, c.ident, c.prose, c.baseDoc, w, s, positions, 1<<(w-1), w*s, c.coordBytes, order, 2*c.coordBytes,
		c.ident, w, s, positions, 2*c.coordBytes)
	base := B
	for j := 0; j < positions; j++ {
		q := base
		for k := 1; k <= 1<<(w-1); k++ {
			c.encode(&buf, q)
			q = c.add(q, base)
		}
		for i := 0; i < w*s; i++ {
			base = c.add(base, base)
		}
	}
	fmt.Fprintf(&buf, "\t\t\"\",\n}\n\n")

	fmt.Fprintf(&buf, `// %sBaseOdd is the table of the odd multiples (2i+1)·B,
// 0 ≤ i < %d, of the %s basepoint for width-%d NAF digits, each
// entry the %d-byte %s affine x then y. See OddMultiples.
var %sBaseOdd = OddMultiples{
	Window:     %d,
	EntryBytes: %d,
	Data: "" +
`, c.ident, 1<<(nw-2), c.prose, nw, c.coordBytes, order, c.ident, nw, 2*c.coordBytes)
	c.encodeOdd(&buf, B, nw)
	if c.oddHighShift > 0 {
		high := B
		for i := 0; i < c.oddHighShift; i++ {
			high = c.add(high, high)
		}
		fmt.Fprintf(&buf, `
// %sBaseOddHigh is the table of the odd multiples (2i+1)·[2^%d]B,
// 0 ≤ i < %d, of the %s basepoint for width-%d NAF digits (the second
// basepoint of half-size verification), each entry the %d-byte %s affine
// x then y. See OddMultiples.
var %sBaseOddHigh = OddMultiples{
	Window:     %d,
	EntryBytes: %d,
	Data: "" +
`, c.ident, c.oddHighShift, 1<<(nw-2), c.prose, nw, c.coordBytes, order, c.ident, nw, 2*c.coordBytes)
		c.encodeOdd(&buf, high, nw)
	}
	return format.Source(buf.Bytes())
}

// encodeOdd writes the entries (2i+1)·P, 0 ≤ i < 2^(nw−2), and closes the
// literal.
func (c *curve) encodeOdd(buf *bytes.Buffer, P point, nw int) {
	P2 := c.add(P, P)
	q := P
	for i := 0; i < 1<<(nw-2); i++ {
		c.encode(buf, q)
		q = c.add(q, P2)
	}
	fmt.Fprintf(buf, "\t\t\"\",\n}\n")
}
