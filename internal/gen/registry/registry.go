// Package registry is the one description of curvekit's fields and curves
// that every generator reads (as libdecaf's curve_data.py is): per field,
// the prime and the limb representations the library keeps its elements in;
// per curve, the model, its constants, cofactor, generator, order, the
// geometry of its precomputed tables and its Montgomery form's RFC 7748
// function.
//
// Everything here is mathematical data or a fact about the library's
// layout (package names, limb widths). How a curve package names its Go
// types and hooks is the curve generator's business (internal/gen/curve).
package registry

import (
	"fmt"
	"math/big"
	"strings"
)

// A Family is how a representation holds a field element.
type Family int

const (
	// Unsaturated limbs are narrower than the word, so that products of
	// limbs sum without carries; the field must be a Solinas prime
	// (Field.Reduction).
	Unsaturated Family = iota
	// Montgomery limbs are full words holding a·R mod p.
	Montgomery
	// Saturated limbs are full words holding a itself, partly reduced
	// (fe64: 4 × 64 bits for GF(2^255−19), written by the curve generator
	// in the curve package because its amd64 code fuses whole group
	// operations).
	Saturated
)

// A Rep is one limb representation of a field.
type Rep struct {
	Name   string // Go type: fe51, elem64, fe64
	Family Family
	Word   int   // machine word of a limb: 64 or 32
	Widths []int // Unsaturated: the limb widths, least significant first
	// Limbs is the limb count of Montgomery and Saturated representations
	// (Unsaturated ones have len(Widths)).
	Limbs int
	// Pkg is the package the representation lives in when it is not the
	// field's (fe64 lives in curve25519).
	Pkg string
	// Karatsuba splits products at 2^(Bits/2) (needs 2^Bits ≡ 2^(Bits/2) + 1).
	Karatsuba bool
	// Asm adds amd64 assembly for Multiply and Square, chosen at run time
	// or by build tag.
	Asm bool
	// AsmMult32 adds amd64 assembly for Mult32 too (Unsaturated).
	AsmMult32 bool
	// Asm32 adds arm and 386 assembly for Multiply and Square
	// (Unsaturated, 32-bit words; Montgomery elem32), chosen by build tag.
	Asm32 bool
	// UnrollLooseSub writes Loose.Subtract unrolled and not inlined
	// (Unsaturated; measured in fieldarith/DESIGN.md).
	UnrollLooseSub bool
	// Doc is the sentence on the representation's layout and origin that
	// the generated type's godoc carries.
	Doc string
}

// LimbCount is the number of limbs.
func (r *Rep) LimbCount() int {
	if r.Family == Unsaturated {
		return len(r.Widths)
	}
	return r.Limbs
}

// A Term is coef·2^Exp in a reduction identity.
type Term struct {
	Exp  int
	Coef int64
}

// A Field is a prime field GF(p) (a base field or a curve's scalar field)
// and the representations the library keeps its elements in.
type Field struct {
	Pkg     string   // the fieldarith package: field25519, scalarp256
	Modulus *big.Int // p
	Size    int      // encoding length in bytes
	// BigEndian is the byte order of the encoding (SEC 1 fields).
	BigEndian bool
	// Bits and Reduction describe a Solinas prime p = 2^Bits − c by the
	// identity 2^Bits ≡ Σ Coef·2^Exp (mod p), every Exp < Bits, Exp
	// ascending; nil Reduction means a prime of no special shape.
	Bits      int
	Reduction []Term
	// Title names the field in comments where it has no Solinas shape.
	Title string
	Reps  []*Rep
	// The operations beyond the common Element API.
	Wide    int  // SetUniformBytes input length; 0 if absent
	Reduced bool // SetReducedBytes: any Size-byte value, reduced once
	MulAdd  bool // MultiplyAdd
	Sqrt    bool // Sqrt (Montgomery fields, p ≡ 3 mod 4)
	Halve   bool // Halve, for the a = −3 Jacobian doubling
	// Safegcd makes Invert a safegcd inversion (32- or 48-byte fields:
	// moduli up to 256 or 384 bits) instead of a Fermat chain.
	Safegcd bool
}

// Expr is p as a Solinas expression, "2^255 − 19"; empty without one.
func (f *Field) Expr() string {
	if f.Reduction == nil {
		return ""
	}
	s := fmt.Sprintf("2^%d", f.Bits)
	for i := range f.Reduction {
		t := f.Reduction[len(f.Reduction)-1-i]
		if t.Exp == 0 {
			s += fmt.Sprintf(" − %d", t.Coef)
		} else if t.Coef == 1 {
			s += fmt.Sprintf(" − 2^%d", t.Exp)
		} else {
			s += fmt.Sprintf(" − %d·2^%d", t.Coef, t.Exp)
		}
	}
	return s
}

// Name is GF(Expr) without spaces, "GF(2^255−19)", or Title.
func (f *Field) Name() string {
	if f.Reduction == nil {
		return f.Title
	}
	return "GF(" + strings.ReplaceAll(f.Expr(), " ", "") + ")"
}

// Rep returns the representation of that name, or nil.
func (f *Field) Rep(name string) *Rep {
	for _, r := range f.Reps {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// RepsOf returns the representations of a family, in order.
func (f *Field) RepsOf(fam Family) []*Rep {
	var rs []*Rep
	for _, r := range f.Reps {
		if r.Family == fam {
			rs = append(rs, r)
		}
	}
	return rs
}

// A Model is a curve equation.
type Model int

const (
	// TwistedEdwards is a·x² + y² = 1 + d·x²·y² (a = ±1).
	TwistedEdwards Model = iota
	// ShortWeierstrass is y² = x³ + a·x + b (a = −3).
	ShortWeierstrass
)

// Tables is the geometry of a curve's precomputed basepoint tables.
type Tables struct {
	// The fixed-base comb: signed radix-2^CombWindow digits, CombSpacing
	// digits per position (rounds).
	CombWindow, CombSpacing int
	// NAFWindow is the width of the NAF digits of the basepoint's odd
	// multiples table (variable-time verification).
	NAFWindow int
	// OddHighShift > 0 adds a second odd-multiples table, of
	// [2^OddHighShift]G (half-size verification).
	OddHighShift int
}

// CombDigits is the count of signed digits of a scalar below the order:
// with n digits of w bits the top one holds the bits from w·(n−1) up plus
// a carry, at most 2^(w−1) when n·w ≥ OrderBits + 1.
func (c *Curve) CombDigits(w int) int { return (c.OrderBits() + w) / w }

// CombPositions is the comb's table positions for window w and spacing s.
func (c *Curve) CombPositions(w, s int) int { return (c.CombDigits(w) + s - 1) / s }

// MontgomeryForm is a curve's Montgomery form v² = u³ + A·u² + u and its
// Diffie–Hellman function (RFC 7748).
type MontgomeryForm struct {
	Function string // X25519, X448
	A        int
	BaseU    int // the basepoint's u
	// OIDArc is the last arc of the RFC 8410 OID 1.3.101.OIDArc.
	OIDArc int
	// StdECDH: crypto/ecdh has the function.
	StdECDH bool
}

// A24 is (A − 2)/4, the ladder's constant in RFC 7748, Section 5.
func (m *MontgomeryForm) A24() int { return (m.A - 2) / 4 }

// A24Plus is (A + 2)/4, the constant of the ladder's plans, which compute
// the RFC's z2 = E·(AA + A24·E) as E·(BB + A24Plus·E) (AA = BB + E).
func (m *MontgomeryForm) A24Plus() int { return (m.A + 2) / 4 }

// A Curve is a prime-order group on an elliptic curve, or its prime-order
// subgroup.
type Curve struct {
	Name  string // registry key and table file suffix: edwards25519
	Title string // in comments: edwards25519, P-256
	Pkg   string // the curve package
	Model Model
	Field *Field // the base field
	// Scalar is the scalar field: its modulus is the group order.
	Scalar *Field
	// A and B are the Weierstrass a and b, A and D the Edwards a and d,
	// reduced mod p.
	A, B, D  *big.Int
	Cofactor int
	// Gx, Gy is the generator's affine point, and GeneratorRef where it is
	// defined (for comments).
	Gx, Gy       *big.Int
	GeneratorRef string
	Tables       Tables
	// Montgomery is the Montgomery form with an RFC 7748 function; nil if
	// none.
	Montgomery *MontgomeryForm
	// SEC is a short Weierstrass curve's naming in SEC 2 and RFC 5480;
	// nil for the other models.
	SEC *SECNames
}

// SECNames is a short Weierstrass curve's names in the standards its keys
// are encoded with.
type SECNames struct {
	// OID is the named curve's object identifier (RFC 5480, Section
	// 2.1.1.1), OIDName its names there, and Short the one the godoc
	// uses.
	OID            []int
	OIDName, Short string
	// Std names the curve's constructor in crypto/elliptic and crypto/ecdh
	// (P256); empty if the standard library has none.
	Std string
}

// Order is the group order.
func (c *Curve) Order() *big.Int { return c.Scalar.Modulus }

// OrderBits is the bit length of the group order.
func (c *Curve) OrderBits() int { return c.Order().BitLen() }

// LogCofactor is log2 of the cofactor.
func (c *Curve) LogCofactor() int {
	n := 0
	for 1<<n < c.Cofactor {
		n++
	}
	return n
}

// Ident is Name with its first letter upper-case, for Go identifiers.
func (c *Curve) Ident() string { return strings.ToUpper(c.Name[:1]) + c.Name[1:] }

// Backends are the representations the curve's code runs on: its base
// field's, in order (the portable 64-bit and 32-bit ones, then any that
// live in the curve package, such as edwards25519's fe64).
func (c *Curve) Backends() []*Rep { return c.Field.Reps }
