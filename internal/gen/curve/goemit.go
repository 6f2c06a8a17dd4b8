package curve

// The plans' Go emitter: a straight-line plan (internal/gen/plan) as
// method calls over a field package's Element and Loose, one call a plan
// line (two for a24add, add2 and sub2), in the plan's order, with the
// line's comment. It writes the Edwards formulas (edwards.go) and the
// Montgomery ladder (montladder.go).
//
// Where a sum or difference goes is decided by the plan: a sum that only
// feeds products (until the element is set again) is left loose,
// uncarried (Loose.Add, Loose.Subtract), when the plan's options ask for
// it (LooseSums) or when its destination is a Loose field. Under
// LooseSums a sum into a tight place that is set again later in the plan
// goes to a Loose temporary named after it (z3Loose for z3), where the
// products read it. A product written into a Loose variable or field goes
// through Loose.Tight, and so does a tight value read back from one.

import (
	"fmt"
	"strings"

	"github.com/curvekit/curvekit/internal/gen/plan"
)

// goField is a field package's Go types and the plans' constants.
type goField struct {
	Tight, Loose string // the Go names of the field's Element and Loose
	// Consts maps the plans' constants (d, d2 = 2d, one) to Go
	// expressions of type *Tight, and MulConst those multiplied by a call
	// of their own: a format of the destination and the other operand
	// (curve448's mulD, two cheaper operations than a product).
	Consts   map[string]string
	MulConst map[string]string
}

// goOpts are a plan's options beyond its places.
type goOpts struct {
	// LooseSums keeps sums loose that only feed products: in local
	// elements, and in a Loose temporary for a tight place set again
	// later.
	LooseSums bool
	// Swap is the Go expression (an int, 0 or 1) of add2's and sub2's
	// swap bit. They are written as the swap of their operand pairs
	// (Element.Swap) before two sums, the same values as the sums
	// swapped, provided the operands are read again only by add2 and
	// sub2 of the same pairs before they are set (emit checks it).
	Swap string
	// A24 is the Go constant (a uint32) of a24add, which is written as
	// Mult32 (Mult32Loose for a loose operand) into the destination and a
	// sum.
	A24 string
}

// goProductRead reports whether s may take its operand (0 to 3: A, B, A2,
// B2) loose: any of mul and sqr, the first of a24add (Mult32Loose).
func goProductRead(s plan.Step, operand int) bool {
	switch s.Op {
	case "mul", "sqr":
		return true
	case "a24add":
		return operand == 0
	}
	return false
}

// useAfter reports whether a step after i reads x, until x is set again,
// in an operation that cannot take it loose, and whether x is set again.
func useAfter(steps []plan.Step, i int, x string) (nonProduct, setAgain bool) {
	for _, s := range steps[i+1:] {
		for k, y := range []string{s.A, s.B, s.A2, s.B2} {
			if y == x && !goProductRead(s, k) {
				return true, false
			}
		}
		if s.Dst == x || s.Dst2 == x {
			return false, true
		}
	}
	return false, false
}

var goSums = map[string]bool{"add": true, "sub": true, "add2": true, "sub2": true, "a24add": true}

// emit returns the Go declarations of the local elements of steps and
// its statements, one call a step (two for a24add, add2 and sub2). slots are the elements that live in Go places
// given by the caller (parameters, fields, the caller's locals); every
// other element is a local. name is for the panics.
func (g *goField) emit(name string, slots map[string]edSlot, o goOpts, steps []plan.Step) (decls, body string) {
	isConst := func(x string) bool {
		_, c := g.Consts[x]
		_, m := g.MulConst[x]
		return c || m
	}
	fail := func(s plan.Step, why string) { panic("goemit: " + name + ": " + s.String() + ": " + why) }

	// Which steps leave their results loose (dst, dst2), which of those go
	// to the Loose temporary of a tight place, and the local elements'
	// types (Loose if any step leaves one loose).
	type choice struct{ loose, loose2, scratch, scratch2 bool }
	choices := make([]choice, len(steps))
	localLoose := map[string]bool{}
	var locals, scratches []string
	scratchOf := map[string]bool{}
	for i, s := range steps {
		if s.Dst2 != "" && s.Op != "add2" && s.Op != "sub2" {
			fail(s, "two results")
		}
		for k, dst := range []string{s.Dst, s.Dst2} {
			if dst == "" {
				continue
			}
			sl, isSlot := slots[dst]
			if isConst(dst) || (isSlot && !sl.Out) {
				fail(s, "writes an input")
			}
			var loose, scratch bool
			if goSums[s.Op] {
				nonProduct, again := useAfter(steps, i, dst)
				switch {
				case nonProduct:
				case isSlot && sl.Loose:
					loose = true
				case isSlot:
					loose = o.LooseSums && again
					scratch = loose
				default:
					loose = o.LooseSums
				}
			}
			if k == 0 {
				choices[i].loose, choices[i].scratch = loose, scratch
			} else {
				choices[i].loose2, choices[i].scratch2 = loose, scratch
			}
			if scratch && !scratchOf[dst] {
				scratchOf[dst] = true
				scratches = append(scratches, dst+"Loose")
			}
			if !isSlot {
				if _, seen := localLoose[dst]; !seen {
					locals = append(locals, dst)
					localLoose[dst] = false
				}
				localLoose[dst] = localLoose[dst] || loose
			}
		}
	}

	var decl strings.Builder
	var tights, looses []string
	for _, x := range locals {
		if localLoose[x] {
			looses = append(looses, x)
		} else {
			tights = append(tights, x)
		}
	}
	for _, x := range scratches {
		_, isSlot := slots[x]
		if _, isLocal := localLoose[x]; isSlot || isLocal {
			panic("goemit: " + name + ": " + x + " names an element")
		}
	}
	looses = append(looses, scratches...)
	if len(tights) > 0 {
		fmt.Fprintf(&decl, "\tvar %s %s\n", strings.Join(tights, ", "), g.Tight)
	}
	if len(looses) > 0 {
		fmt.Fprintf(&decl, "\tvar %s %s\n", strings.Join(looses, ", "), g.Loose)
	}

	place := func(x string) (expr string, ptr, looseType bool) {
		if sl, ok := slots[x]; ok {
			return sl.Expr, sl.Ptr, sl.Loose
		}
		return x, false, localLoose[x]
	}
	// The value each element holds now: loose or not, and whether in
	// its Loose temporary. An input of a Loose type holds a loose value.
	holdsLoose, inScratch := map[string]bool{}, map[string]bool{}
	for n, sl := range slots {
		holdsLoose[n] = sl.Loose && !sl.Out
	}
	// operand returns the Go expression of x and whether it is a *Loose.
	operand := func(x string) (string, bool) {
		if c, ok := g.Consts[x]; ok {
			return c, false
		}
		if inScratch[x] {
			return "&" + x + "Loose", true
		}
		expr, ptr, lt := place(x)
		switch {
		case holdsLoose[x]:
			return "&" + expr, true
		case lt:
			return expr + ".Tight()", false
		case ptr:
			return expr, false
		}
		return "&" + expr, false
	}
	// dest returns the receiver expression that writes x, loose or
	// not, to its Loose temporary or not.
	dest := func(x string, l, scratch bool) string {
		if scratch {
			return x + "Loose"
		}
		expr, _, lt := place(x)
		if lt && !l {
			return expr + ".Tight()"
		}
		return expr
	}
	tightOnly := func(s plan.Step, xs ...string) []string {
		var out []string
		for _, x := range xs {
			e, l := operand(x)
			if l {
				fail(s, "takes the loose "+x)
			}
			out = append(out, e)
		}
		return out
	}
	// swapped holds the elements swapped by add2 or sub2 and not set
	// since, each with its partner.
	swapped := map[string]string{}
	var b strings.Builder
	line := func(call, comment string) {
		if comment != "" {
			call += " // " + comment
		}
		b.WriteString("\t" + call + "\n")
	}
	for i, s := range steps {
		c := choices[i]
		for k, x := range []string{s.A, s.B, s.A2, s.B2} {
			if y, ok := swapped[x]; ok && x != "" {
				pair := map[int]string{0: s.A2, 1: s.B2, 2: s.A, 3: s.B}[k]
				if (s.Op != "add2" && s.Op != "sub2") || pair != y {
					fail(s, "reads "+x+", swapped with "+y)
				}
			}
		}
		switch s.Op {
		case "add", "sub":
			m := map[string]string{"add": "Add", "sub": "Subtract"}[s.Op]
			ops := tightOnly(s, s.A, s.B)
			line(fmt.Sprintf("%s.%s(%s, %s)", dest(s.Dst, c.loose, c.scratch), m, ops[0], ops[1]), s.Comment)
		case "add2", "sub2":
			if o.Swap == "" {
				fail(s, "no swap bit")
			}
			for _, pr := range [][2]string{{s.A, s.A2}, {s.B, s.B2}} {
				if swapped[pr[0]] == pr[1] {
					continue
				}
				if _, ok := swapped[pr[0]]; ok {
					fail(s, pr[0]+" is swapped with another element")
				}
				if _, ok := swapped[pr[1]]; ok {
					fail(s, pr[1]+" is swapped with another element")
				}
				line(fmt.Sprintf("%s.Swap(%s, %s)", dest(pr[0], false, false), tightOnly(s, pr[1])[0], o.Swap),
					"cswap("+pr[0]+", "+pr[1]+")")
				swapped[pr[0]], swapped[pr[1]] = pr[1], pr[0]
			}
			m := map[string]string{"add2": "Add", "sub2": "Subtract"}[s.Op]
			ops := tightOnly(s, s.A, s.B, s.A2, s.B2)
			line(fmt.Sprintf("%s.%s(%s, %s)", dest(s.Dst, c.loose, c.scratch), m, ops[0], ops[1]), s.Comment)
			line(fmt.Sprintf("%s.%s(%s, %s)", dest(s.Dst2, c.loose2, c.scratch2), m, ops[2], ops[3]), "")
		case "a24add":
			if o.A24 == "" {
				fail(s, "no a24")
			}
			if s.Dst == s.B {
				fail(s, "writes its addend")
			}
			a, la := operand(s.A)
			m := "Mult32"
			if la {
				m = "Mult32Loose"
			}
			// The product goes to the destination's tight place, and
			// the sum to the destination (loose or not).
			prod := dest(s.Dst, false, false)
			line(fmt.Sprintf("%s.%s(%s, %s)", prod, m, a, o.A24), s.Comment)
			holdsLoose[s.Dst], inScratch[s.Dst] = false, false
			ops := tightOnly(s, s.Dst, s.B)
			line(fmt.Sprintf("%s.Add(%s, %s)", dest(s.Dst, c.loose, c.scratch), ops[0], ops[1]), "")
		case "mul":
			if format, ok := g.MulConst[s.B]; ok {
				d := dest(s.Dst, false, false)
				if !strings.HasSuffix(d, ".Tight()") {
					if _, ptr, _ := place(s.Dst); !ptr {
						d = "&" + d
					}
				}
				line(fmt.Sprintf(format, d, tightOnly(s, s.A)[0]), s.Comment)
				break
			}
			a, la := operand(s.A)
			e, le := operand(s.B)
			d := dest(s.Dst, false, false)
			switch {
			case la && le:
				line(fmt.Sprintf("%s.MultiplyLoose(%s, %s)", d, a, e), s.Comment)
			case la:
				line(fmt.Sprintf("%s.MultiplyLooseTight(%s, %s)", d, a, e), s.Comment)
			case le:
				line(fmt.Sprintf("%s.MultiplyLooseTight(%s, %s)", d, e, a), s.Comment)
			default:
				line(fmt.Sprintf("%s.Multiply(%s, %s)", d, a, e), s.Comment)
			}
		case "sqr":
			a, la := operand(s.A)
			m := "Square"
			if la {
				m = "SquareLoose"
			}
			line(fmt.Sprintf("%s.%s(%s)", dest(s.Dst, false, false), m, a), s.Comment)
		case "copy":
			line(fmt.Sprintf("%s.Set(%s)", dest(s.Dst, false, false), tightOnly(s, s.A)[0]), s.Comment)
		case "one":
			line(dest(s.Dst, false, false)+".One()", s.Comment)
		default:
			fail(s, "no Element method")
		}
		holdsLoose[s.Dst], inScratch[s.Dst] = c.loose, c.scratch
		delete(swapped, s.Dst)
		if s.Dst2 != "" {
			holdsLoose[s.Dst2], inScratch[s.Dst2] = c.loose2, c.scratch2
			delete(swapped, s.Dst2)
		}
	}
	for x, y := range swapped {
		panic("goemit: " + name + ": " + x + " keeps its value swapped with " + y)
	}
	for n, sl := range slots {
		if sl.Out && !sl.Loose && (holdsLoose[n] || inScratch[n]) {
			panic("goemit: " + name + ": " + n + " ends loose")
		}
	}
	body = b.String()
	return decl.String(), body
}

// checkAliasing panics unless every write of steps to an output slot
// comes after the last read of an input slot, so that the caller may pass
// the same element as both.
func checkAliasing(name string, steps []plan.Step, slots map[string]edSlot) {
	lastRead, firstWrite := -1, len(steps)
	for i, s := range steps {
		for _, x := range []string{s.A, s.B, s.A2, s.B2} {
			if sl, ok := slots[x]; ok && !sl.Out {
				lastRead = i
			}
		}
		for _, x := range []string{s.Dst, s.Dst2} {
			if sl, ok := slots[x]; ok && sl.Out && firstWrite == len(steps) {
				firstWrite = i
			}
		}
	}
	if firstWrite <= lastRead {
		panic("goemit: " + name + " writes an output before it has read its inputs")
	}
}
