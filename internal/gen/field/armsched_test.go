package field

import (
	"slices"
	"strings"
	"testing"
)

// armRoutines returns, per generated arm file, the emitters' text before
// scheduling: Multiply and Square of every 32-bit representation.
func armRoutines(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if !r.asm32 {
				continue
			}
			if err := r.solve(); err != nil {
				t.Fatal(err)
			}
			var s asmText
			for _, sq := range []bool{false, true} {
				name := r.typ + "MultiplyAsm"
				if sq {
					name = r.typ + "SquareAsm"
				}
				var text string
				if r.karatsuba {
					m, err := r.asm32KPrepare(name, sq)
					if err != nil {
						t.Fatal(err)
					}
					if text, err = m.armKBest(); err != nil {
						t.Fatal(err)
					}
				} else {
					m, err := r.asm32Prepare(name, sq)
					if err != nil {
						t.Fatal(err)
					}
					if text, err = m.armBest(); err != nil {
						t.Fatal(err)
					}
				}
				s.b.WriteString(text)
			}
			var small []func() (string, error)
			if r.asm32Mult32() {
				small = append(small, func() (string, error) { return r.armMult32(r.typ + "Mult32Asm") })
			}
			if r.asm32LooseAdd() && !r.looseAddCarry {
				small = append(small, func() (string, error) { return r.armLoose(r.typ+"LooseAddAsm", false) })
			}
			if r.asm32LooseSub() && !r.looseSubCarry {
				small = append(small, func() (string, error) { return r.armLoose(r.typ+"LooseSubtractAsm", true) })
			}
			if r.asm32Swap() {
				small = append(small, func() (string, error) { return r.armSwap(r.typ + "SwapAsm") })
			}
			for _, emit := range small {
				text, err := emit()
				if err != nil {
					t.Fatal(err)
				}
				s.b.WriteString(text)
			}
			out[f.pkg+"/zz_generated_"+r.typ+"_arm.s"] = s.b.String()
		}
	}
	for _, f := range montFields {
		if !montAsm32On(f) {
			continue
		}
		r := montNewRep(f, 32)
		if !montAsm32Arm(r) {
			continue
		}
		var s asmText
		mul, sq := montAsm32Names(r)
		for _, fn := range []string{mul, sq} {
			if _, err := montArmFunc(r, &s, fn, fn == sq); err != nil {
				t.Fatal(err)
			}
		}
		out[f.Pkg+"/zz_generated_"+r.Typ+"_arm.s"] = s.b.String()
	}
	return out
}

// armBodies splits text into its routines' lines, instructions and comments.
func armBodies(text string) map[string][]string {
	out := map[string][]string{}
	name := ""
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "TEXT ") {
			name = strings.Fields(l)[1]
			continue
		}
		if name != "" && strings.TrimSpace(l) != "" {
			out[name] = append(out[name], l)
		}
		if strings.TrimSpace(l) == "RET" {
			name = ""
		}
	}
	return out
}

// TestArmSchedule checks that the scheduler only reorders: every routine of
// the generated arm files is a permutation of its emitter's lines, and is
// the scheduler's output for them. With -v it prints the model's cycles.
func TestArmSchedule(t *testing.T) {
	files := map[string][]byte{}
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if r.asm32 {
				fs, err := r.asm32Generate()
				if err != nil {
					t.Fatal(err)
				}
				for k, v := range fs {
					files[k] = v
				}
			}
		}
	}
	for _, f := range montFields {
		if montAsm32On(f) {
			fs, err := montAsm32Generate(f)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range fs {
				files[k] = v
			}
		}
	}
	raw := armRoutines(t)
	if len(raw) < 8 {
		t.Fatalf("%d arm files, want at least 8", len(raw))
	}
	for file, text := range raw {
		sched, stats, err := armSchedule(text)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		gen := armBodies(string(files[file]))
		before, after := armBodies(text), armBodies(sched)
		for name, lines := range before {
			got := after[name]
			a, b := slices.Clone(lines), slices.Clone(got)
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				t.Errorf("%s %s: the scheduled routine is not a permutation of the written one", file, name)
			}
			if !slices.Equal(got, gen[name]) {
				t.Errorf("%s %s: the generated file does not hold the scheduled routine", file, name)
			}
		}
		for _, s := range stats {
			if s.after > s.before {
				t.Errorf("%s %s: scheduled %d cycles, written %d", file, s.name, s.after, s.before)
			}
			t.Logf("%-12s %-22s %5d instructions, %5d issue cycles; model cycles %5d → %5d (%.2f), stalls %5d → %5d", strings.Split(file, "/")[0], strings.TrimPrefix(s.name, "·"), s.ins, s.busy, s.before, s.after, float64(s.after)/float64(s.before), s.before-s.busy, s.after-s.busy)
		}
	}
}

// TestArmScheduleDeps runs the scheduler on small routines and checks the
// moves it must make and the ones it must not.
func TestArmScheduleDeps(t *testing.T) {
	pos := func(lines []string, ins string) int {
		for i, l := range lines {
			if strings.Join(strings.Fields(l), " ") == ins {
				return i
			}
		}
		t.Fatalf("%q missing", ins)
		return -1
	}
	for _, c := range []struct {
		name   string
		body   []string
		before [][2]string // the first must stay above the second
		moved  [][2]string // the first must end up above the second
	}{{
		name:  "a load moves above independent work",
		body:  []string{"MOVW 4(R13), R1", "ADD R1, R2", "ADD R2, R5", "MOVW 8(R13), R3", "ADD R3, R4"},
		moved: [][2]string{{"MOVW 8(R13), R3", "ADD R2, R5"}},
	}, {
		name:   "a load does not pass an instruction reading its register",
		body:   []string{"MOVW 4(R13), R1", "ADD R1, R2", "MOVW 8(R13), R1", "ADD R1, R4"},
		before: [][2]string{{"ADD R1, R2", "MOVW 8(R13), R1"}},
	}, {
		name:   "a load does not pass a store to its slot",
		body:   []string{"MOVW 4(R13), R1", "MUL R1, R1, R2", "MOVW R2, 8(R13)", "MOVW 8(R13), R3", "ADD R3, R4"},
		before: [][2]string{{"MOVW R2, 8(R13)", "MOVW 8(R13), R3"}},
	}, {
		name:  "a load passes a store to another slot",
		body:  []string{"MOVW 4(R13), R1", "MUL R1, R1, R2", "MOVW R2, 12(R13)", "MOVW 8(R13), R3", "ADD R3, R4"},
		moved: [][2]string{{"MOVW 8(R13), R3", "MOVW R2, 12(R13)"}},
	}, {
		name: "a slot reached through a register derived from R13",
		body: []string{"ADD $8, R13, R6", "MOVW 4(R13), R1", "MUL R1, R1, R2", "MOVM.IA [R2], (R6)",
			"MOVW 8(R13), R3", "ADD R3, R4"},
		before: [][2]string{{"MOVM.IA [R2], (R6)", "MOVW 8(R13), R3"}},
	}, {
		name: "loads through a pointer stay below stores through another",
		body: []string{"MOVW v+0(FP), R0", "MOVW a+4(FP), R1", "MOVW 4(R13), R5", "MUL R5, R5, R2",
			"MOVW R2, 0(R0)", "MOVW 0(R1), R3", "ADD R3, R4"},
		before: [][2]string{{"MOVW R2, 0(R0)", "MOVW 0(R1), R3"}},
	}, {
		name: "the frame is not reached through a pointer",
		body: []string{"MOVW v+0(FP), R0", "MOVW 4(R13), R5", "MUL R5, R5, R2",
			"MOVW R2, 0(R0)", "MOVW 8(R13), R3", "ADD R3, R4"},
		moved: [][2]string{{"MOVW 8(R13), R3", "MOVW R2, 0(R0)"}},
	}, {
		name: "a frame address stored makes loaded pointers suspect",
		body: []string{"ADD $8, R13, R6", "MOVW R6, 4(R13)", "MOVW 4(R13), R7", "MOVW 4(R13), R5", "MUL R5, R5, R2",
			"MOVW R2, 8(R13)", "MOVW 0(R7), R3", "ADD R3, R4"},
		before: [][2]string{{"MOVW R2, 8(R13)", "MOVW 0(R7), R3"}},
	}, {
		name:   "a carry chain keeps the flags",
		body:   []string{"MOVW 4(R13), R1", "ADD.S R1, R2", "ADC $0, R3", "MOVW 8(R13), R5", "ADD.S R5, R6", "ADC $0, R7"},
		before: [][2]string{{"ADC $0, R3", "ADD.S R5, R6"}},
	}, {
		name:   "an ADC stays below the ADD.S whose carry it reads",
		body:   []string{"MOVW 4(R13), R1", "ADD.S R1, R2", "ADC $0, R3"},
		before: [][2]string{{"ADD.S R1, R2", "ADC $0, R3"}},
	}, {
		name:   "an immediate built in R11 is a write of R11",
		body:   []string{"MOVW 4(R13), R11", "ADD R11, R2", "MOVW 8(R13), R1", "ORR $0x12345, R1", "ADD R1, R3"},
		before: [][2]string{{"ADD R11, R2", "ORR $0x12345, R1"}},
	}, {
		name: "a product's use waits, independent work fills the gap",
		body: []string{"MOVW 4(R13), R1", "MOVW 8(R13), R2", "MULLU R1, R2, (R3, R4)", "ADD.S R4, R5", "ADC R3, R6",
			"MOVW 12(R13), R7", "ADD R7, R8"},
		moved: [][2]string{{"MOVW 12(R13), R7", "ADD.S R4, R5"}},
	}} {
		t.Run(c.name, func(t *testing.T) {
			text := "TEXT ·f(SB), NOSPLIT, $16-12\n\t" + strings.Join(c.body, "\n\t") + "\n\tRET\n"
			out, _, err := armSchedule(text)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(out, "\n")
			for _, p := range c.before {
				if pos(lines, p[0]) > pos(lines, p[1]) {
					t.Errorf("%q moved above %q:\n%s", p[1], p[0], out)
				}
			}
			for _, p := range c.moved {
				if pos(lines, p[0]) > pos(lines, p[1]) {
					t.Errorf("%q not moved above %q:\n%s", p[0], p[1], out)
				}
			}
		})
	}
}
