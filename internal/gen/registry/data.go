package registry

import "math/big"

// The fields, base fields first, then the scalar fields (the groups'
// orders). Fields lists them in this order.
var (
	// F25519 is GF(2^255 − 19), the field of Curve25519 and edwards25519.
	F25519 = &Field{
		Pkg: "field25519", Modulus: solinas(255, Term{0, 19}), Size: 32,
		Bits: 255, Reduction: []Term{{0, 19}}, Safegcd: true,
		Reps: []*Rep{
			{Name: "fe51", Family: Unsaturated, Word: 64, Widths: repeat(51, 5),
				Asm: true, UnrollLooseSub: true,
				Doc: "five 51-bit limbs in 64-bit words, multiplied with bits.Mul64 into 128-bit columns (as Go's crypto/internal/fips140/edwards25519/field)"},
			{Name: "fe2625", Family: Unsaturated, Word: 32, Widths: []int{26, 25, 26, 25, 26, 25, 26, 25, 26, 25},
				Asm32: true,
				Doc:   "ten limbs of alternately 26 and 25 bits in 32-bit words, multiplied with 32×32→64-bit products only (as ref10)"},
			{Name: "fe64", Family: Saturated, Word: 64, Limbs: 4, Pkg: "curve25519", Asm: true},
		},
	}
	// F448 is GF(2^448 − 2^224 − 1), the field of Curve448 and edwards448.
	F448 = &Field{
		Pkg: "field448", Modulus: solinas(448, Term{0, 1}, Term{224, 1}), Size: 56,
		Bits: 448, Reduction: []Term{{0, 1}, {224, 1}},
		Reps: []*Rep{
			{Name: "fe56", Family: Unsaturated, Word: 64, Widths: repeat(56, 8), Karatsuba: true,
				Asm: true, AsmMult32: true, UnrollLooseSub: true,
				Doc: "eight 56-bit limbs in 64-bit words, multiplied with bits.Mul64 into 128-bit columns (as Hamburg's Goldilocks arch_ref64)"},
			{Name: "fe28", Family: Unsaturated, Word: 32, Widths: repeat(28, 16), Karatsuba: true, Asm32: true,
				Doc: "sixteen 28-bit limbs in 32-bit words, multiplied with 32×32→64-bit products only (as Hamburg's Goldilocks arch_32)"},
		},
	}
	// FP256 is P-256's base field.
	FP256 = &Field{
		Pkg: "fieldp256", Title: "GF(p), p = 2^256 − 2^224 + 2^192 + 2^96 − 1",
		Modulus: hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
		Size:    32, BigEndian: true, Sqrt: true, Safegcd: true, Halve: true,
		Reps: withAsm32(montgomery(4, true)),
	}
	// FP384 is P-384's base field. Invert is safegcd (Modulus384, 1121
	// original divsteps) on both representations: 5.1 µs against 17.7 µs
	// for the Fermat chain with the MULX assembly Square (amd64 default
	// build), 5.4 against 19.1 µs with -tags purego, 5.3 against 55 µs on
	// elem32 (CPU time; fieldarith/DESIGN.md). Reproduce with
	// go test -run X -bench InvertSafegcd -count 10 [-tags purego] ./fieldarith/fieldp384/
	FP384 = &Field{
		Pkg: "fieldp384", Title: "GF(p), p = 2^384 − 2^128 − 2^96 + 2^32 − 1",
		Modulus: hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff"),
		Size:    48, BigEndian: true, Sqrt: true, Halve: true, Safegcd: true,
		Reps: withAsm32(montgomery(6, true)),
	}
	// S25519 is Z/ℓZ, ℓ the order of edwards25519's prime-order subgroup.
	S25519 = &Field{
		Pkg: "scalar25519", Title: "Z/ℓZ, ℓ = 2^252 + 27742317777372353535851937790883648493",
		Modulus: hex("1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed"),
		Size:    32, Wide: 64, MulAdd: true, Safegcd: true,
		Reps: withAsm32(montgomery(4, false)),
	}
	// S448 is Z/qZ, q the order of edwards448's prime-order subgroup.
	S448 = &Field{
		Pkg: "scalar448", Title: "Z/qZ, q = 2^446 − 13818066809895115352007386748515426880336692474882178609894547503885",
		Modulus: hex("3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3"),
		Size:    56, Wide: 114, MulAdd: true,
		Reps: withAsm32(montgomery(7, false)),
	}
	// SP256 is Z/nZ, n the order of the P-256 group.
	SP256 = &Field{
		Pkg: "scalarp256", Title: "Z/nZ, n the order of the P-256 group",
		Modulus: hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
		Size:    32, BigEndian: true, Reduced: true, MulAdd: true, Safegcd: true,
		Reps: withAsm32(montgomery(4, true)),
	}
)

// SP384 is Z/nZ, n the order of the P-384 group. Invert is safegcd, as for
// FP384: 4.7 µs against 17.5 µs for the Fermat chain with the assembly
// Square (amd64 default build), 4.5 against 23 µs with -tags purego, 4.9
// against 56 µs on elem32 (CPU time). Reproduce with
// go test -run X -bench InvertSafegcd -count 10 [-tags purego] ./fieldarith/scalarp384/
var SP384 = &Field{
	Pkg: "scalarp384", Title: "Z/nZ, n the order of the P-384 group",
	Modulus: hex("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"),
	Size:    48, BigEndian: true, Reduced: true, MulAdd: true, Safegcd: true,
	Reps: withAsm32(montgomery(6, true)),
}

// Fields are every field, in a fixed order.
var Fields = []*Field{F25519, F448, FP256, S25519, S448, SP256, FP384, SP384}

// The curves.
var (
	// Edwards25519 is −x² + y² = 1 + d·x²·y², d = −121665/121666, over
	// GF(2^255 − 19) (RFC 8032, Section 5.1), birationally equivalent to
	// Curve25519 (RFC 7748, Section 4.1).
	Edwards25519 = &Curve{
		Name: "edwards25519", Title: "edwards25519", Pkg: "curve25519",
		Model: TwistedEdwards, Field: F25519, Scalar: S25519,
		A: small(F25519, -1), D: ratio(F25519, -121665, 121666), Cofactor: 8,
		Gx:           hex("216936d3cd6e53fec0a4e231fdd6dc5c692cc7609525a7b2c9562d608f25d51a"),
		Gy:           hex("6666666666666666666666666666666666666666666666666666666666666658"),
		GeneratorRef: "(y = 4/5, x even)",
		// Package curve25519's shapes: a radix-2^5 comb of one round, a
		// width-11 NAF table.
		Tables:     Tables{CombWindow: 5, CombSpacing: 1, NAFWindow: 11},
		Montgomery: &MontgomeryForm{Function: "X25519", A: 486662, BaseU: 9, OIDArc: 110, StdECDH: true},
	}
	// Edwards448 is x² + y² = 1 − 39081·x²·y² over GF(2^448 − 2^224 − 1)
	// (RFC 8032, Section 5.2), 4-isogenous to Curve448 (RFC 7748,
	// Section 4.2).
	Edwards448 = &Curve{
		Name: "edwards448", Title: "edwards448", Pkg: "curve448",
		Model: TwistedEdwards, Field: F448, Scalar: S448,
		A: small(F448, 1), D: small(F448, -39081), Cofactor: 4,
		Gx:           hex("4f1970c66bed0ded221d15a622bf36da9e146570470f1767ea6de324a3d3a46412ae1af72ab66511433b80e18b00938e2626a82bc70cc05e"),
		Gy:           hex("693f46716eb6bc248876203756c9c7624bea73736ca3984087789c1e05a0c2d73ad3ff1ce67c39c4fdbd132c4ed7c8ad9808795bf230fa14"),
		GeneratorRef: "(RFC 8032, Section 5.2)",
		// Package curve448's shapes: a two-round radix-16 comb, width-8
		// NAF tables of G and of [2^224]G.
		Tables:     Tables{CombWindow: 4, CombSpacing: 2, NAFWindow: 8, OddHighShift: 224},
		Montgomery: &MontgomeryForm{Function: "X448", A: 156326, BaseU: 5, OIDArc: 111},
	}
	// P256 is y² = x³ − 3x + b over GF(2^256 − 2^224 + 2^192 + 2^96 − 1)
	// (SEC 2, Section 2.4.2; FIPS 186-4, Section D.1.2.3).
	P256 = &Curve{
		Name: "p256", Title: "P-256", Pkg: "p256",
		Model: ShortWeierstrass, Field: FP256, Scalar: SP256,
		A: small(FP256, -3), B: hex("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"), Cofactor: 1,
		Gx:           hex("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
		Gy:           hex("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"),
		GeneratorRef: "(G of SEC 2, Section 2.4.2)",
		// Package p256's shapes: signed radix-2^6 digits, one position per
		// digit, a width-8 NAF table.
		Tables: Tables{CombWindow: 6, CombSpacing: 1, NAFWindow: 8},
		SEC:    &SECNames{OID: []int{1, 2, 840, 10045, 3, 1, 7}, OIDName: "secp256r1, also named prime256v1", Short: "prime256v1", Std: "P256"},
	}
)

// P384 is y² = x³ − 3x + b over GF(2^384 − 2^128 − 2^96 + 2^32 − 1)
// (SEC 2, Section 2.5.1; FIPS 186-4, Section D.1.2.4).
var P384 = &Curve{
	Name: "p384", Title: "P-384", Pkg: "p384",
	Model: ShortWeierstrass, Field: FP384, Scalar: SP384,
	A: small(FP384, -3), B: hex("b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef"), Cofactor: 1,
	Gx:           hex("aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7"),
	Gy:           hex("3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f"),
	GeneratorRef: "(G of SEC 2, Section 2.5.1)",
	// Signed radix-2^5 digits, one position per digit (radix 2^6 would
	// put the entries of the last full position above n/2), a width-8
	// NAF table.
	Tables: Tables{CombWindow: 5, CombSpacing: 1, NAFWindow: 8},
	SEC:    &SECNames{OID: []int{1, 3, 132, 0, 34}, OIDName: "secp384r1", Short: "secp384r1", Std: "P384"},
}

// Curves are every curve, in a fixed order.
var Curves = []*Curve{Edwards25519, Edwards448, P256, P384}

// CurveNamed returns the curve of that name, or nil.
func CurveNamed(name string) *Curve {
	for _, c := range Curves {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// montgomery returns a Montgomery field's representations: n × 64-bit
// limbs (with amd64 assembly if asm) and 2n × 32-bit limbs.
func montgomery(n int, asm bool) []*Rep {
	return []*Rep{
		{Name: "elem64", Family: Montgomery, Word: 64, Limbs: n, Asm: asm},
		{Name: "elem32", Family: Montgomery, Word: 32, Limbs: 2 * n},
	}
}

// withAsm32 marks the 32-bit representation of reps for arm and 386
// assembly of Multiply and Square (internal/gen/field/montasm32.go).
func withAsm32(reps []*Rep) []*Rep {
	for _, r := range reps {
		if r.Word == 32 {
			r.Asm32 = true
		}
	}
	return reps
}

func repeat(w, n int) []int {
	ws := make([]int, n)
	for i := range ws {
		ws[i] = w
	}
	return ws
}

// solinas returns 2^bits − Σ coef·2^exp.
func solinas(bits int, terms ...Term) *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	for _, t := range terms {
		p.Sub(p, new(big.Int).Lsh(big.NewInt(t.Coef), uint(t.Exp)))
	}
	return p
}

func hex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("registry: bad constant " + s)
	}
	return v
}

// small returns v mod p.
func small(f *Field, v int64) *big.Int {
	return new(big.Int).Mod(big.NewInt(v), f.Modulus)
}

// ratio returns num/den mod p.
func ratio(f *Field, num, den int64) *big.Int {
	d := new(big.Int).ModInverse(big.NewInt(den), f.Modulus)
	return d.Mul(d, big.NewInt(num)).Mod(d, f.Modulus)
}
