package curve

// The Montgomery ladder of RFC 7748, Section 5, written once as plans
// (internal/gen/plan) with the RFC's names in the comments: the step
// (one doubling and one differential addition), the doubling alone and
// the start (P, 2P). Two emitters write them:
//
//   - montLadderGo, as Go over a field package's Element and Loose
//     (field25519, field448), through the Edwards formulas' Go emitter
//     (goField.emit): the step of ladder.tmpl's ladderProjective and its
//     xDouble, for X25519 and X448 (whose start, x2 = u, z2 = 1 and
//     xDouble into x3, z3, is ladderStartPlan's);
//   - ladder64.go and ladder64asm.go, as the fe64 Go model and the amd64
//     assembly of X25519.
//
// The plans compute z2 = E·(BB + a24·E) with a24 = (A + 2)/4 (121666 for
// X25519, 39082 for X448), which is the RFC's E·(AA + (A − 2)/4·E) since
// AA = BB + E: the form whose sum the fe64 assembly fuses with the
// multiplication by a24 (a24add, one MULX row). Their tests run them over
// math/big against the chord-and-tangent law on both curves
// (montladder_test.go; X25519 also in ladder64_plan_test.go).

import (
	"strconv"
	"strings"

	"github.com/curvekit/curvekit/internal/gen/plan"
)

// ladderDoublePlan is the doubling half of the step, (xo : zo) =
// 2·(xi : zi), with the temporaries A and B. xo, zo may be xi, zi.
func ladderDoublePlan(xo, zo, xi, zi string) string {
	return `
A = add ` + xi + ` ` + zi + ` // A = ` + xi + ` + ` + zi + `
B = sub ` + xi + ` ` + zi + ` // B = ` + xi + ` − ` + zi + `
A = sqr A // AA = A²
B = sqr B // BB = B²
` + xo + ` = mul A B // ` + xo + ` = AA·BB
A = sub A B // E = AA − BB
` + zo + ` = a24add A B // BB + a24·E = AA + (a24 − 1)·E
` + zo + ` = mul ` + zo + ` A // ` + zo + ` = E·(BB + a24·E)
`
}

// ladderStartPlan sets (x2 : z2) = (x1 : 1), the point P, and (x3 : z3)
// = 2·P.
func ladderStartPlan() string {
	return `
x2 = copy x1 // x2 = u
z2 = one // z2 = 1
` + ladderDoublePlan("x3", "z3", "x2", "z2")
}

// ladderStepPlan is one step of the ladder, after the scalar bit's
// swap: (x2 : z2) doubled and (x3 : z3) = (x2 : z2) + (x3 : z3) given
// their difference x1. The conditional swap of (x2, z2) with (x3, z3)
// moves into add2 and sub2, which form A = x2 + z2, C = x3 + z3 and
// B = x2 − z2, D = x3 − z3 on the pair before the swap and then swap the
// sums: the RFC's values, since the sums commute with the swap.
func ladderStepPlan() string {
	return `
A, C = add2 x2 z2, x3 z3 // A = x2 + z2, C = x3 + z3 (swapped)
B, D = sub2 x2 z2, x3 z3 // B = x2 − z2, D = x3 − z3 (swapped)
D = mul D A // DA = D·A
C = mul C B // CB = C·B
A = sqr A // AA = A²
B = sqr B // BB = B²
z3 = sub D C // DA − CB
z3 = sqr z3 // (DA − CB)²
x3 = add D C // DA + CB
z3 = mul z3 x1 // z3 = x1·(DA − CB)²
D = sub A B // E = AA − BB
z2 = a24add D B // BB + a24·E = AA + (a24 − 1)·E
z2 = mul z2 D // z2 = E·(BB + a24·E)
x3 = sqr x3 // x3 = (DA + CB)²
x2 = mul A B // x2 = AA·BB
`
}

// montLadder is ladder.tmpl's ladderProjective and xDouble written from
// the plans over the package's field: StepDecls declares the step's
// temporaries (before the loop, so that they are not cleared on each
// step), Step is the loop's body once the swap bit (the Go variable swap)
// is known, over x2 and z2 (the function's *fieldElement results), x3 and
// z3 (its local fieldElements) and x1 (its *fieldElement input); Double is
// xDouble's body, (x : z) = 2·(x1 : z1) on *fieldElement parameters that
// may alias. The start, (x2 : z2) = (x1 : 1) and (x3 : z3) =
// xDouble(x2, z2), is ladderStartPlan's.
type montLadder struct {
	StepDecls, Step, Double string
}

// montLadderGo writes the ladder's plans for a curve with the ladder
// constant a24 = (A + 2)/4. Sums that only feed products stay loose,
// those into x2, z2, x3 and z3 in Loose temporaries of their own.
func montLadderGo(a24 int) montLadder {
	g := &goField{Tight: "fieldElement", Loose: "fieldLoose"}
	o := goOpts{LooseSums: true, Swap: "swap", A24: strconv.Itoa(a24)}
	trim := func(s string) string { return strings.TrimSuffix(s, "\n") }
	decls, step := g.emit("ladderProjective", map[string]edSlot{
		"x1": {Expr: "x1", Ptr: true},
		"x2": {Expr: "x2", Ptr: true, Out: true},
		"z2": {Expr: "z2", Ptr: true, Out: true},
		"x3": {Expr: "x3", Out: true},
		"z3": {Expr: "z3", Out: true},
	}, o, plan.Parse(ladderStepPlan()))
	dbl := plan.Parse(ladderDoublePlan("x", "z", "x1", "z1"))
	slots := map[string]edSlot{
		"x1": {Expr: "x1", Ptr: true}, "z1": {Expr: "z1", Ptr: true},
		"x": {Expr: "x", Ptr: true, Out: true}, "z": {Expr: "z", Ptr: true, Out: true},
	}
	checkAliasing("xDouble", dbl, slots)
	ddecls, dbody := g.emit("xDouble", slots, o, dbl)
	return montLadder{StepDecls: trim(decls), Step: trim(step), Double: trim(ddecls + dbody)}
}
