package field

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestUnsatAsm32Text checks what the arm and 386 text may contain: the
// registers the emitters may use, immediates the arm assembler encodes
// directly (so that it never synthesises one in R11), straight-line code,
// and every function the Go files declare. Whether the text computes the
// Go code's limbs is tested by the interpreters of asm32sim_test.go and
// under qemu
// (fieldarith/field25519/fe2625_asm_test.go, field448/fe28_asm_test.go).
func TestUnsatAsm32Text(t *testing.T) {
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if !r.asm32 {
				continue
			}
			files, err := r.asm32Generate()
			if err != nil {
				t.Fatal(err)
			}
			arm := string(files[f.pkg+"/zz_generated_"+r.typ+"_arm.s"])
			x86 := string(files[f.pkg+"/zz_generated_"+r.typ+"_386.s"])
			if arm == "" || x86 == "" {
				t.Fatalf("%s: no arm or 386 text", r.typ)
			}
			want := []string{r.typ + "MultiplyAsm", r.typ + "SquareAsm"}
			if r.asm32Mult32() {
				want = append(want, r.typ+"Mult32Asm")
			}
			if r.asm32LooseAdd() && !r.looseAddCarry {
				want = append(want, r.typ+"LooseAddAsm")
			}
			if r.asm32LooseSub() && !r.looseSubCarry {
				want = append(want, r.typ+"LooseSubtractAsm")
			}
			if r.asm32AddSub() {
				want = append(want, r.typ+"AddAsm", r.typ+"SubtractAsm")
			}
			if r.asm32Swap() {
				want = append(want, r.typ+"SwapAsm")
			}
			for _, name := range want {
				for arch, text := range map[string]string{"arm": arm, "386": x86} {
					if !strings.Contains(text, "TEXT ·"+name+"(SB)") {
						t.Errorf("%s %s: no TEXT ·%s", r.typ, arch, name)
					}
				}
			}
			imm := regexp.MustCompile(`\$(0x[0-9a-f]+|[0-9]+)`)
			frameless := false
			for _, line := range strings.Split(arm, "\n") {
				if strings.HasPrefix(line, "TEXT ") {
					// A leaf without a frame has no saved LR and no
					// stack: R14 and R13 are not its to use, nor R11,
					// which it must not need.
					frameless = strings.Contains(line, ", $0-")
					continue
				}
				if !strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "\t//") {
					continue
				}
				if frameless && regexp.MustCompile(`R1[134]\b`).MatchString(line) {
					t.Errorf("%s arm: %q: R11, R13 or R14 in a function without a frame", r.typ, line)
				}
				f := strings.Fields(line)
				op := f[0]
				if armConditional(op) {
					t.Errorf("%s arm: %q: a conditional instruction", r.typ, line)
				}
				if strings.HasPrefix(op, "B") && op != "BIC" || strings.Contains(line, "R10") || strings.Contains(line, "g)") {
					t.Errorf("%s arm: %q: a branch or R10 (g)", r.typ, line)
				}
				if strings.Contains(line, "R13") && !strings.Contains(line, "(R13)") && !strings.HasPrefix(op, "ADD") {
					t.Errorf("%s arm: %q writes R13", r.typ, line)
				}
				for _, m := range imm.FindAllStringSubmatch(line, -1) {
					v, err := strconv.ParseUint(m[1], 0, 32)
					if err != nil || !armImm(uint32(v)) {
						t.Errorf("%s arm: %q: immediate %s needs R11 to synthesise", r.typ, line, m[1])
					}
				}
				// Frame offsets of LDR/STR must fit the 12-bit field.
				for _, m := range regexp.MustCompile(`(\d+)\(R13\)`).FindAllStringSubmatch(line, -1) {
					if v, _ := strconv.Atoi(m[1]); v >= 4096 {
						t.Errorf("%s arm: %q: offset too large", r.typ, line)
					}
				}
			}
			for _, line := range strings.Split(x86, "\n") {
				if !strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "\t//") {
					continue
				}
				op := strings.Fields(line)[0]
				if strings.HasPrefix(op, "J") || strings.Contains(line, "BP") {
					t.Errorf("%s 386: %q: a branch or BP", r.typ, line)
				}
			}
		}
	}
}

func TestCompositions(t *testing.T) {
	if got := len(compositions(5, 5)); got != 16 {
		t.Errorf("compositions(5, 5): %d, want 16", got)
	}
	if got := len(compositions(5, 2)); got != 8 {
		t.Errorf("compositions(5, 2): %d, want 8", got)
	}
}

// armConditional reports whether an arm opcode carries a condition suffix
// (ADD.EQ, MOVW.CS …): an instruction that runs or not on the flags, which
// the 32-bit field assembly must not contain (constant time).
func armConditional(op string) bool {
	for _, s := range strings.Split(op, ".")[1:] {
		switch s {
		case "EQ", "NE", "CS", "HS", "CC", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE":
			return true
		}
	}
	return false
}

func TestArmConditional(t *testing.T) {
	for op, want := range map[string]bool{"ADD": false, "ADD.S": false, "MOVM.IA": false, "ADD.EQ": true, "SUB.S.CS": true, "MOVW.LT": true} {
		if armConditional(op) != want {
			t.Errorf("armConditional(%q) = %v", op, !want)
		}
	}
}
