package curve

// The twisted Edwards point formulas, a·x² + y² = 1 + d·x²·y² in extended
// coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, x·y = T/Z (Hisil, Wong,
// Carter and Dawson, "Twisted Edwards Curves Revisited", ASIACRYPT 2008,
// https://eprint.iacr.org/2008/522, "HWCD"; the Explicit-Formulas
// Database's pages for twisted Edwards extended coordinates,
// https://hyperelliptic.org/EFD/g1p/auto-twisted-extended.html), written
// once each as plans (internal/gen/plan), one field operation a line:
//
//   - a = −1 (edwards25519): add-2008-hwcd-3 and madd-2008-hwcd-3 (edAddM1),
//     dbl-2008-hwcd with E = 2·X·Y as one product (edDoubleM1), and the
//     conversions between the point forms (edToP, edCachedM1, …). The fe64
//     routines of ladder64.go are these plans too (l64EdAdd, l64EdDouble,
//     l64EdToCached, l64Madd): their variants (edEntry, the fused doubling)
//     are the lines in which the representations differ.
//   - a = +1 (edwards448, Goldilocks): add-2008-hwcd and madd-2008-hwcd (the
//     unified addition, complete because d is not a square: edAddP1) and
//     dbl-2008-hwcd (edDoubleP1).
//
// edwardsShape.Body writes a plan as Go over a field package's Element and
// Loose (field25519, field448): the statements of the package's
// zz_generated_edwards_formulas.go (edwards.tmpl), through the plans' Go
// emitter (goemit.go), one method call a plan line, in the plan's order,
// with the line's comment, and the carries decided by the plan. So a
// formula's carries are those of the code the plans replaced, operation
// for operation.

import (
	"fmt"
	"strings"

	"github.com/curvekit/curvekit/internal/gen/plan"
)

// ---- the plans, a = −1 ----

// edEntry is how an a = −1 addition's second operand gives D = 2·Z1·Z2
// (add-2008-hwcd-3 and madd-2008-hwcd-3 take the operand as (Y2+X2,
// Y2−X2, Z2, 2d·T2), the "cached" or "Niels" form, named ypx, ymx, Z2 or
// z2, t2d in the plans).
type edEntry int

const (
	// edCached: (Y+X, Y−X, Z, 2d·T); D = (Z1 + Z1)·Z2, the sum loose.
	edCached edEntry = iota
	// edCached2Z: (Y+X, Y−X, 2Z, 2d·T) in ypx, ymx, z2, t2d (fe64):
	// D = Z1·2Z2 is a product, which fe64's additions may take.
	edCached2Z
	// edAffine: (y+x, y−x, 2d·x·y), Z2 = 1 (madd-2008-hwcd-3): D = Z1 + Z1.
	edAffine
	// edAffineHalved: ((y+x)/2, (y−x)/2, d·x·y) (fe64): A, B and C come
	// out halved, D/2 = Z1 needs no operation, and the completed sum is
	// the same point scaled by 1/2.
	edAffineHalved
)

// edOutR names the completed result ((rX : rZ), (rY : rT)) of the a = −1
// additions: E, H, G, F in that order (x = E/G, y = H/F).
var edOutR = [4]string{"rX", "rY", "rZ", "rT"}

// edAddM1 is add-2008-hwcd-3 (HWCD 2008, Section 3.2, for a = −1; 8M with
// 2d·T2 in the operand, 4M of them in the conversion out of the completed
// form, edToP), or madd-2008-hwcd-3 for an affine operand (7M):
//
//	A = (Y1−X1)·(Y2−X2), B = (Y1+X1)·(Y2+X2), C = T1·2d·T2, D = 2·Z1·Z2,
//	E = B−A, F = D−C, G = D+C, H = B+A,
//	X3 = E·F, Y3 = G·H, Z3 = F·G, T3 = E·H,
//
// stopped at the completed form (X3 : Z3) = (E : G), (Y3 : T3) = (H : F),
// whose names out gives (E, H, G, F). The first point is (X, Y, Z, T);
// the second e's (edEntry). With neg the plan adds −Q = (Y2−X2, Y2+X2, Z2,
// −2d·T2): the operand's halves swap places, which negates C, so G and F
// swap too. A and B overwrite the sums they are made of (a, b), as the fe64
// routines keep them.
func edAddM1(e edEntry, neg bool, out [4]string) string {
	ypx, ymx := "ypx", "ymx"
	E, H, G, F := out[0], out[1], out[2], out[3]
	ab := [2]string{"A = (Y1 − X1)·(Y2 − X2)", "B = (Y1 + X1)·(Y2 + X2)"}
	gf := [2]string{"G = D + C", "F = D − C"}
	if neg {
		ypx, ymx, G, F = ymx, ypx, F, G
		ab = [2]string{"A = (Y1 − X1)·(Y2 + X2) for −Q", "B = (Y1 + X1)·(Y2 − X2) for −Q"}
		gf = [2]string{"F = D − C = D + c for −Q", "G = D + C = D − c for −Q"}
	}
	text := `
a = sub Y X // Y1 − X1
b = add Y X // Y1 + X1
`
	if e == edCached {
		text += "twoZ = add Z Z // 2·Z1\n"
	}
	text += `a = mul a ` + ymx + ` // ` + ab[0] + `
b = mul b ` + ypx + ` // ` + ab[1] + `
c = mul T t2d // C = T1·2d·T2
`
	d := "D"
	switch e {
	case edCached:
		text += "D = mul twoZ Z2 // D = 2·Z1·Z2\n"
	case edCached2Z:
		text += "D = mul Z z2 // D = Z1·2·Z2\n"
	case edAffine:
		text += "D = add Z Z // D = 2·Z1 (Z2 = 1)\n"
	case edAffineHalved:
		d = "Z" // D/2 = Z1
	}
	return text + E + ` = sub b a // E = B − A
` + H + ` = add b a // H = B + A
` + G + ` = add ` + d + ` c // ` + gf[0] + `
` + F + ` = sub ` + d + ` c // ` + gf[1] + `
`
}

// edToP is the conversion out of the completed form ((rX : rZ), (rY :
// rT)), x = rX/rZ, y = rY/rT, to projective (X : Y : Z) (3M) and, withT,
// extended (X : Y : Z : T) (4M): the last four products of HWCD's
// additions and doublings, X3 = E·F, Y3 = G·H, Z3 = F·G, T3 = E·H.
func edToP(withT bool) string {
	text := `
X = mul rX rT // X = E·F
Y = mul rY rZ // Y = H·G
Z = mul rZ rT // Z = G·F
`
	if withT {
		text += "T = mul rX rY // T = E·H\n"
	}
	return text
}

// edDoubleM1 is dbl-2008-hwcd (HWCD 2008, Section 3.3) for a = −1 on a
// projective (X : Y : Z), stopped at the completed form ((rX : rZ), (rY :
// rT)):
//
//	A = X², B = Y², C = 2·Z², D = a·A = −A,
//	E = (X+Y)² − A − B = 2·X·Y, G = D + B = B − A, F = G − C, H = D − B,
//
// x = E/G and y = H/F = (A+B)/(C−G). E is one product (1M + 3S in all
// instead of 4S: no slower where squaring is cheap, and two subtractions
// fewer). zz names Z² (and C), x2 the sum 2·X; an emitter whose operands
// are consumed may give them the names of Z and X. fused writes C − G as
// (Z² · 2 + A) − B, one muladd row and a difference of products (fe64,
// whose sums take only products); otherwise C = Z² + Z² is formed first.
func edDoubleM1(zz, x2 string, fused bool) string {
	text := `
A = sqr X // A = X²
B = sqr Y // B = Y²
` + zz + ` = sqr Z // Z²
`
	if !fused {
		text += zz + " = add " + zz + " " + zz + " // C = 2·Z²\n"
	}
	text += x2 + ` = add X X // 2·X
rX = mul ` + x2 + ` Y // E = 2·X·Y
rZ = sub B A // G = B − A
rY = add A B // −H = A + B
`
	if fused {
		return text + zz + " = muladd " + zz + " A 2 // 2·Z² + A\n" +
			"rT = sub " + zz + " B // −F = C − G = 2·Z² + A − B\n"
	}
	return text + "rT = sub " + zz + " rZ // −F = C − G\n"
}

// edCachedM1 is the cached form (Y+X, Y−X, Z, 2d·T) of the extended
// (X : Y : Z : T): the second operand of edAddM1 for e = edCached, or
// (Y+X, Y−X, 2Z, 2d·T) for edCached2Z. twoD names the constant 2d.
func edCachedM1(e edEntry, twoD string) string {
	text := `
ypx = add Y X // Y + X
ymx = sub Y X // Y − X
`
	switch e {
	case edCached:
		text += "Z2 = copy Z // Z\n"
	case edCached2Z:
		text += "z2 = add Z Z // 2·Z\n"
	default:
		panic("edwards: edCachedM1 of an affine entry")
	}
	return text + "t2d = mul T " + twoD + " // 2d·T\n"
}

// edAffineM1 is the affine cached form (y+x, y−x, 2d·x·y) of (x, y).
const edAffineM1 = `
ypx = add y x // y + x
ymx = sub y x // y − x
t2d = mul x y // x·y
t2d = mul t2d d2 // 2d·x·y
`

// edFromAffineM1 is the extended point of an affine cached (y+x, y−x,
// 2d·x·y), without an inversion: with x2 = 2x and y2 = 2y it is
// (2·x2 : 2·y2 : 4 : x2·y2).
const edFromAffineM1 = `
x2 = sub ypx ymx // 2x = (y + x) − (y − x)
y2 = add ypx ymx // 2y = (y + x) + (y − x)
T = mul x2 y2 // T = 4·x·y
X = add x2 x2 // X = 4·x
Y = add y2 y2 // Y = 4·y
Z = add one one // 2
Z = add Z Z // Z = 4
`

// edP2ToP3 is the extended (XZ : YZ : Z² : XY) of the projective
// (X : Y : Z) (3M + 1S).
const edP2ToP3 = `
X = mul pX pZ // X = X·Z
Y = mul pY pZ // Y = Y·Z
Z = sqr pZ // Z = Z²
T = mul pX pY // T = X·Y
`

// edP3ToP2 is the projective (X : Y : Z) of the extended (X : Y : Z : T).
const edP3ToP2 = `
pX = copy X // X
pY = copy Y // Y
pZ = copy Z // Z
`

// ---- the plans, a = +1 ----

// edAddP1 is add-2008-hwcd (HWCD 2008, Section 3.1), the unified addition
// of extended points, for a = 1 (9M with d·T2 in the operand), or
// madd-2008-hwcd (Z2 = 1, 8M) when affine:
//
//	A = X1·X2, B = Y1·Y2, C = T1·d·T2, D = Z1·Z2,
//	E = (X1+Y1)·(X2+Y2) − A − B, F = D − C, G = D + C, H = B − a·A,
//	X3 = E·F, Y3 = G·H, T3 = E·H, Z3 = F·G.
//
// It is complete on edwards448 (d is not a square). The operand is the
// cached (X2+Y2, X2, Y2, Z2, d·T2) in S2, X2, Y2, Z2, dT2, or the affine
// (x2, y2, d·x2·y2) in X2, Y2, dT2.
func edAddP1(affine bool) string {
	text := `
A = mul X1 X2 // A = X1·X2
B = mul Y1 Y2 // B = Y1·Y2
C = mul T1 dT2 // C = T1·d·T2
`
	d := "D"
	if affine {
		d = "Z1" // D = Z1·1
		text += "S2 = add X2 Y2 // X2 + Y2\n"
	} else {
		text += "D = mul Z1 Z2 // D = Z1·Z2\n"
	}
	return text + `S1 = add X1 Y1 // X1 + Y1
E0 = mul S1 S2 // (X1 + Y1)·(X2 + Y2)
AB = add A B // A + B
E = sub E0 AB // E = (X1 + Y1)·(X2 + Y2) − A − B
F = sub ` + d + ` C // F = D − C
G = add ` + d + ` C // G = D + C
H = sub B A // H = B − a·A = B − A
X3 = mul E F // X3 = E·F
Y3 = mul G H // Y3 = G·H
T3 = mul E H // T3 = E·H
Z3 = mul F G // Z3 = F·G
`
}

// edDoubleP1 is dbl-2008-hwcd (HWCD 2008, Section 3.3) for a = 1, 4M + 4S
// (it does not use d):
//
//	A = X1², B = Y1², C = 2·Z1², D = a·A = A,
//	E = (X1+Y1)² − A − B, G = D + B, F = G − C, H = D − B,
//	X3 = E·F, Y3 = G·H, T3 = E·H, Z3 = F·G.
const edDoubleP1 = `
A = sqr X1 // A = X1²
B = sqr Y1 // B = Y1²
C = sqr Z1 // Z1²
C = add C C // C = 2·Z1²
E = add X1 Y1 // X1 + Y1
E = sqr E // (X1 + Y1)²
G = add A B // G = D + B = A + B
E = sub E G // E = (X1 + Y1)² − A − B = 2·X1·Y1
F = sub G C // F = G − C
H = sub A B // H = D − B = A − B
X3 = mul E F // X3 = E·F
Y3 = mul G H // Y3 = G·H
T3 = mul E H // T3 = E·H
Z3 = mul F G // Z3 = F·G
`

// edCachedP1 is the cached form (X+Y, X, Y, Z, d·T) of the extended
// (X1 : Y1 : Z1 : T1), the second operand of edAddP1.
const edCachedP1 = `
S2 = add X1 Y1 // X + Y
X2 = copy X1 // X
Y2 = copy Y1 // Y
Z2 = copy Z1 // Z
dT2 = mul T1 d // d·T
`

// edAffineToP1 is the extended (x : y : 1 : x·y) of an affine entry
// (x, y, d·x·y) (a = 1).
const edAffineToP1 = `
X1 = copy X2 // X = x
Y1 = copy Y2 // Y = y
Z1 = one // Z = 1
T1 = mul X2 Y2 // T = x·y
`

// edP3ToAffineP1 is the affine entry (x, y, d·x·y) of an extended point
// whose Z is 1 (a = 1), where T = x·y.
const edP3ToAffineP1 = `
X2 = copy X1 // x
Y2 = copy Y1 // y
dT2 = mul T1 d // d·x·y = d·T
`

// edXYToAffineP1 is the affine entry (x, y, d·x·y) of (x, y) (a = 1).
const edXYToAffineP1 = `
X2 = copy x // x
Y2 = copy y // y
dT2 = mul x y // x·y
dT2 = mul dT2 d // d·x·y
`

// ---- the forms and functions of a package ----

// edKind is what a point form's elements hold, for the tests (which
// encode and check each form against the affine group law).
type edKind int

const (
	edExtended   edKind = iota // (X : Y : Z : T): x = X/Z, y = Y/Z, x·y = T/Z
	edCompleted                // ((X : Z), (Y : T)): x = X/Z, y = Y/T
	edProjective               // (X : Y : Z): x = X/Z, y = Y/Z
	edCachedNeg1               // (Y+X, Y−X, Z, 2d·T) (a = −1)
	edAffineNeg1               // (y+x, y−x, 2d·x·y) (a = −1)
	edCachedPos1               // (X+Y, X, Y, Z, d·T) (a = 1)
	edAffinePos1               // (x, y, d·x·y) (a = 1)
	edXY                       // x, y: two *Element parameters
)

// edForm is a Go point type: its elements' fields in the kind's order,
// and whether they are Loose.
type edForm struct {
	Type   string
	Kind   edKind
	Fields []string
	Loose  bool
}

// edArg is a receiver or parameter of a generated function: its Go name
// (for edXY, the two names), its form, and the plan's names of its
// elements in the form's order.
type edArg struct {
	Go    string
	Form  *edForm
	Names string
}

// edFunc is one generated function: the receiver Out, set and returned,
// from the parameters In, by the plan. Law says what the tests check it
// computes from the points of In: "convert" (the same point), "add",
// "sub", "double".
type edFunc struct {
	Doc       string // the godoc, without the comment markers
	Name      string
	Out       edArg
	In        []edArg
	Plan      string
	Law       string
	LooseSums bool // sums into local elements that only feed products stay loose
	InZ1      bool // the input point must have Z = 1
}

// edwardsShape is a package's binding of the plans: the field's Go types,
// its constants and the functions to write.
type edwardsShape struct {
	goField     // the field's Go types and the plans' constants
	A       int // the curve's a, −1 or 1
	Funcs   []edFunc
}

// ASign is a as the comments write it: −1 or +1.
func (sh *edwardsShape) ASign() string {
	if sh.A < 0 {
		return "−1"
	}
	return "+1"
}

// The forms of curve25519.
var (
	ed25519Point     = &edForm{Type: "Point", Kind: edExtended, Fields: []string{"x", "y", "z", "t"}}
	ed25519Completed = &edForm{Type: "projP1xP1", Kind: edCompleted, Fields: []string{"X", "Y", "Z", "T"}, Loose: true}
	ed25519P2        = &edForm{Type: "projP2", Kind: edProjective, Fields: []string{"X", "Y", "Z"}}
	ed25519Cached    = &edForm{Type: "projCached", Kind: edCachedNeg1, Fields: []string{"YplusX", "YminusX", "Z", "T2d"}}
	ed25519Affine    = &edForm{Type: "affineCached", Kind: edAffineNeg1, Fields: []string{"YplusX", "YminusX", "T2d"}}
	ed25519XY        = &edForm{Type: "fieldElement", Kind: edXY}
)

// edwards25519Shape is curve25519's binding. The completed form's
// coordinates only feed products, so projP1xP1's fields are Loose.
var edwards25519Shape = &edwardsShape{
	goField: goField{Tight: "fieldElement", Loose: "fieldLoose",
		Consts: map[string]string{"d2": "feD2", "one": "feOne"}},
	A: -1,
	Funcs: func() []edFunc {
		pt := func(g, names string) edArg { return edArg{g, ed25519Point, names} }
		r := edArg{"v", ed25519Completed, "rX rY rZ rT"}
		rIn := edArg{"p", ed25519Completed, "rX rY rZ rT"}
		p := pt("p", "X Y Z T")
		cached := edArg{"q", ed25519Cached, "ypx ymx Z2 t2d"}
		affine := edArg{"q", ed25519Affine, "ypx ymx t2d"}
		return []edFunc{
			{Doc: "fromP1xP1 sets v from the completed form: X = X·T, Y = Y·Z, Z = Z·T (3M).",
				Name: "fromP1xP1", Out: edArg{"v", ed25519P2, "X Y Z"}, In: []edArg{rIn}, Plan: edToP(false), Law: "convert"},
			{Doc: "fromP3 sets v to the projective (X : Y : Z) of p.",
				Name: "fromP3", Out: edArg{"v", ed25519P2, "pX pY pZ"}, In: []edArg{p}, Plan: edP3ToP2, Law: "convert"},
			{Doc: "fromP1xP1 sets v from the completed form: X3 = X·T, Y3 = Y·Z, Z3 = Z·T,\nT3 = X·Y (4M).",
				Name: "fromP1xP1", Out: pt("v", "X Y Z T"), In: []edArg{rIn}, Plan: edToP(true), Law: "convert"},
			{Doc: "fromP2 sets v to the extended (XZ : YZ : Z² : XY) of p (3M + 1S).",
				Name: "fromP2", Out: pt("v", "X Y Z T"), In: []edArg{{"p", ed25519P2, "pX pY pZ"}}, Plan: edP2ToP3, Law: "convert"},
			{Doc: "fromAffineCached sets v from an affine-cached entry without inverting:\nwith x2 = (y+x)-(y-x) = 2x and y2 = 2y, (X:Y:Z:T) = (2·x2 : 2·y2 : 4 : x2·y2).",
				Name: "fromAffineCached", Out: pt("v", "X Y Z T"), In: []edArg{{"a", ed25519Affine, "ypx ymx t2d"}}, Plan: edFromAffineM1, Law: "convert"},
			{Doc: "fromP3 sets v to the cached form (Y+X, Y−X, Z, 2d·T) of p.",
				Name: "fromP3", Out: edArg{"v", ed25519Cached, "ypx ymx Z2 t2d"}, In: []edArg{pt("p", "X Y Z T")}, Plan: edCachedM1(edCached, "d2"), Law: "convert"},
			{Doc: "fromAffine sets v from affine coordinates (x, y).",
				Name: "fromAffine", Out: edArg{"v", ed25519Affine, "ypx ymx t2d"}, In: []edArg{{"x, y", ed25519XY, "x y"}}, Plan: edAffineM1, Law: "convert"},
			{Doc: "add sets v = p + q (add-2008-hwcd-3; 4M here with 2d·T2 precomputed in\nq, and the other 4M in the conversion out of the completed form), so that\nin the completed form (X:Z) = (E:G) and (Y:T) = (H:F).",
				Name: "add", Out: r, In: []edArg{p, cached}, Plan: edAddM1(edCached, false, edOutR), Law: "add", LooseSums: true},
			{Doc: "sub sets v = p − q: the same formula with −q = (Y−X, Y+X, Z, −2d·T).",
				Name: "sub", Out: r, In: []edArg{p, cached}, Plan: edAddM1(edCached, true, edOutR), Law: "sub", LooseSums: true},
			{Doc: "addAffine sets v = p + q for an affine q (madd-2008-hwcd-3, Z2 = 1:\nD = 2·Z1, 3M here).",
				Name: "addAffine", Out: r, In: []edArg{p, affine}, Plan: edAddM1(edAffine, false, edOutR), Law: "add", LooseSums: true},
			{Doc: "subAffine sets v = p − q for an affine q.",
				Name: "subAffine", Out: r, In: []edArg{p, affine}, Plan: edAddM1(edAffine, true, edOutR), Law: "sub", LooseSums: true},
			{Doc: "double sets v = 2·p (dbl-2008-hwcd with a = −1, E = 2·X·Y as one\nproduct). E and G are tight values written straight into their loose\nslots through Loose.Tight, which saves two copies per doubling (about\n1.5 % of a double scalar multiplication).",
				Name: "double", Out: r, In: []edArg{{"p", ed25519P2, "X Y Z"}}, Plan: edDoubleM1("C", "X2", false), Law: "double", LooseSums: true},
		}
	}(),
}

// The forms of curve448.
var (
	ed448Point  = &edForm{Type: "Point", Kind: edExtended, Fields: []string{"x", "y", "z", "t"}}
	ed448Cached = &edForm{Type: "cachedPoint", Kind: edCachedPos1, Fields: []string{"XplusY", "X", "Y", "Z", "Td"}}
	ed448Affine = &edForm{Type: "affinePoint", Kind: edAffinePos1, Fields: []string{"x", "y", "dxy"}}
	ed448XY     = &edForm{Type: "fieldElement", Kind: edXY}
)

// edwards448Shape is curve448's binding: every form is tight, and the
// additions (not the doubling, where it made no difference) keep their
// sums loose.
var edwards448Shape = &edwardsShape{
	goField: goField{Tight: "fieldElement", Loose: "fieldLoose",
		MulConst: map[string]string{"d": "mulD(%s, %s)"}},
	A: 1,
	Funcs: func() []edFunc {
		p := edArg{"p", ed448Point, "X1 Y1 Z1 T1"}
		v := edArg{"v", ed448Point, "X3 Y3 Z3 T3"}
		return []edFunc{
			{Doc: "double is the a = 1 doubling of Hisil–Wong–Carter–Dawson 2008 (Section\n3.3, dbl-2008-hwcd): 4M + 4S, and it does not use d. v may be p.",
				Name: "double", Out: v, In: []edArg{p}, Plan: edDoubleP1, Law: "double"},
			{Doc: "addCached is the unified a = 1 addition of Hisil–Wong–Carter–Dawson 2008\n(Section 3.1, add-2008-hwcd), complete on edwards448 because d is not a\nsquare: 9M. Sums that only feed multiplications stay loose (not\ncarried): about 4% faster in an interleaved benchmark of both versions\n(64-bit and curvekit32), while in the doubling it made no difference.\nv may be p.",
				Name: "addCached", Out: v, In: []edArg{p, {"q", ed448Cached, "S2 X2 Y2 Z2 dT2"}}, Plan: edAddP1(false), Law: "add", LooseSums: true},
			{Doc: "addAffine is addCached with Z2 = 1 (madd-2008-hwcd): 8M. v may be p.",
				Name: "addAffine", Out: v, In: []edArg{p, {"q", ed448Affine, "X2 Y2 dT2"}}, Plan: edAddP1(true), Law: "add", LooseSums: true},
			{Doc: "fromP sets c to the cached form (X+Y, X, Y, Z, d·T) of p.",
				Name: "fromP", Out: edArg{"c", ed448Cached, "S2 X2 Y2 Z2 dT2"}, In: []edArg{p}, Plan: edCachedP1, Law: "convert"},
			{Doc: "fromAffineEntry sets v to the affine entry a: (x : y : 1 : x·y).",
				Name: "fromAffineEntry", Out: edArg{"v", ed448Point, "X1 Y1 Z1 T1"}, In: []edArg{{"a", ed448Affine, "X2 Y2 dT2"}}, Plan: edAffineToP1, Law: "convert"},
			{Doc: "fromZ1 sets a to the affine form of p, whose Z is 1 (so that T = x·y).",
				Name: "fromZ1", Out: edArg{"a", ed448Affine, "X2 Y2 dT2"}, In: []edArg{p}, Plan: edP3ToAffineP1, Law: "convert", InZ1: true},
			{Doc: "fromAffine sets a from affine coordinates (x, y).",
				Name: "fromAffine", Out: edArg{"a", ed448Affine, "X2 Y2 dT2"}, In: []edArg{{"x, y", ed448XY, "x y"}}, Plan: edXYToAffineP1, Law: "convert"},
		}
	}(),
}

// ---- the Go emitter ----

// edSlot is where a plan element lives in Go: an addressable expression
// (or, for a pointer parameter, the pointer), whether its type is Loose,
// and whether it is the receiver's.
type edSlot struct {
	Expr       string
	Ptr, Loose bool
	Out        bool
}

// slots maps the plan's element names of f to their Go places.
func (f *edFunc) slots() map[string]edSlot {
	m := map[string]edSlot{}
	add := func(a edArg, out bool) {
		names := strings.Fields(a.Names)
		if a.Form.Kind == edXY {
			gos := strings.Split(a.Go, ", ")
			if len(gos) != len(names) {
				panic("edwards: " + f.Name + ": " + a.Go + " and " + a.Names)
			}
			for i, n := range names {
				m[n] = edSlot{Expr: gos[i], Ptr: true, Out: out}
			}
			return
		}
		if len(names) != len(a.Form.Fields) {
			panic("edwards: " + f.Name + ": " + a.Names + " does not name " + a.Form.Type + "'s elements")
		}
		for i, n := range names {
			if _, dup := m[n]; dup {
				panic("edwards: " + f.Name + ": " + n + " named twice")
			}
			m[n] = edSlot{Expr: a.Go + "." + a.Form.Fields[i], Loose: a.Form.Loose, Out: out}
		}
	}
	add(f.Out, true)
	for _, a := range f.In {
		add(a, false)
	}
	return m
}

// mayAlias reports whether an input of f has the receiver's type.
func (f *edFunc) mayAlias() bool {
	for _, a := range f.In {
		if a.Form.Type == f.Out.Form.Type {
			return true
		}
	}
	return false
}

// Signature is the function's Go signature.
func (f *edFunc) Signature() string {
	var params []string
	for _, a := range f.In {
		params = append(params, a.Go+" *"+a.Form.Type)
	}
	return fmt.Sprintf("func (%s *%s) %s(%s) *%s", f.Out.Go, f.Out.Form.Type, f.Name, strings.Join(params, ", "), f.Out.Form.Type)
}

// Comment is the godoc as comment lines.
func (f *edFunc) Comment() string {
	return "// " + strings.ReplaceAll(f.Doc, "\n", "\n// ")
}

// Body returns the Go statements of f for the binding sh: the
// declarations of its local elements, then one call per plan step.
func (sh *edwardsShape) Body(f *edFunc) string {
	steps := plan.Parse(f.Plan)
	slots := f.slots()
	// Where an input has the receiver's type, the caller may pass the
	// receiver.
	if f.mayAlias() {
		checkAliasing(f.Name, steps, slots)
	}
	decls, body := sh.emit(f.Name, slots, goOpts{LooseSums: f.LooseSums}, steps)
	return decls + body
}
