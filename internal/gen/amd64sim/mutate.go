package amd64sim

import (
	"fmt"
	"strconv"
	"strings"
)

// Mutant is assembly text with one instruction changed, for measuring
// whether an emitter's test notices a wrong instruction.
type Mutant struct {
	Line     int    // 1-based line of the change
	From, To string // the instruction before and after
	Src      string
}

// mutations are the single-instruction changes Mutants makes: a carry
// dropped or moved to the other chain, a condition inverted, an
// operation replaced by a neighbour.
var mutations = map[string]string{
	"ADCQ": "ADDQ", "SBBQ": "SUBQ", "ADDQ": "SUBQ", "SUBQ": "ADDQ",
	"ADCXQ": "ADOXQ", "ADOXQ": "ADCXQ", "ANDQ": "ORQ", "ORQ": "XORQ",
	"CMOVQCS": "CMOVQCC", "CMOVQCC": "CMOVQCS", "CMOVQEQ": "CMOVQNE", "CMOVQNE": "CMOVQEQ",
	"JNZ": "JZ", "JGE": "JGT", "NEGQ": "NOTQ", "SHRQ": "SARQ",
	"VPAND": "VPOR", "VPOR": "VPXOR",
}

// Mutants returns one mutant for every every-th instruction line of src
// (every ≥ 1) that has a mutation: its mnemonic replaced (ADCQ by ADDQ,
// ADCXQ by ADOXQ, CMOVQCS by CMOVQCC, …), or, for a shift or a
// immediate-only change, its first immediate increased by one.
func Mutants(src string, every int) []Mutant {
	if every < 1 {
		every = 1
	}
	lines := strings.Split(src, "\n")
	var out []Mutant
	k := 0
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "//") || strings.HasSuffix(line, ":") {
			continue
		}
		mn, rest, _ := strings.Cut(line, " ")
		if _, known := opcodes[mn]; !known && !strings.HasPrefix(mn, "CMOVQ") && !strings.HasPrefix(mn, "J") {
			continue // TEXT, DATA, GLOBL, #include
		}
		k++
		if k%every != 0 {
			continue
		}
		var to string
		if m, ok := mutations[mn]; ok {
			to = strings.Replace(raw, mn, m, 1)
		} else if j := strings.Index(rest, "$"); j >= 0 {
			end := j + 1
			for end < len(rest) && rest[end] != ',' {
				end++
			}
			v, err := strconv.ParseInt(strings.TrimSpace(rest[j+1:end]), 0, 64)
			if err != nil {
				continue
			}
			to = strings.Replace(raw, rest[j:end], fmt.Sprintf("$%d", v+1), 1)
		} else {
			continue
		}
		mut := append([]string{}, lines...)
		mut[i] = to
		out = append(out, Mutant{Line: i + 1, From: line, To: strings.TrimSpace(to), Src: strings.Join(mut, "\n")})
	}
	return out
}
