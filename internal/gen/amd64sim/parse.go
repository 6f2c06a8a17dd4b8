package amd64sim

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Program is parsed assembly text: its routines and its data symbols.
type Program struct {
	routines map[string]*routine
	data     map[string]*dataSym
}

type dataSym struct {
	size  int
	ro    bool
	bytes []byte
	set   []bool
}

// routine is one TEXT symbol.
type routine struct {
	name    string
	frame   int // bytes below the return address (and saved BP)
	args    int // argument bytes
	insts   []inst
	labels  map[string]int
	textPos int // line of the TEXT directive
}

type kind uint8

const (
	kImm kind = iota + 1
	kReg
	kMem
	kTarget // a label or a routine
)

// memory operand bases
const (
	baseReg = iota // base register (and index)
	baseFP         // name+off(FP): the arguments
	baseSP         // off(SP): the frame
	baseSB         // sym<>+off(SB): a DATA symbol
)

type operand struct {
	kind  kind
	imm   uint64
	reg   int // register number (vector registers 16 …)
	mbase int // baseReg, baseFP, …
	base  int // register, or -1
	index int // register, or -1
	scale uint64
	disp  int64
	sym   string
	text  string
}

type inst struct {
	op     string
	code   opcode
	cc     cond // CMOV and Jcc
	size   int  // memory access width of the integer operands
	a      []operand
	target int      // jumps: instruction index
	callee *routine // CALL
	line   int
	text   string
}

var regNames = map[string]int{
	"AX": 0, "CX": 1, "DX": 2, "BX": 3, "SP": 4, "BP": 5, "SI": 6, "DI": 7,
	"R8": 8, "R9": 9, "R10": 10, "R11": 11, "R12": 12, "R13": 13, "R14": 14, "R15": 15,
}

const (
	regCX = 1
	regDX = 2
	regAX = 0
	regSP = 4
	regBP = 5
	numGP = 16
	numY  = 16
)

func regName(r int) string {
	if r >= numGP {
		return fmt.Sprintf("Y%d", r-numGP)
	}
	for n, i := range regNames {
		if i == r {
			return n
		}
	}
	return "?"
}

func parseReg(s string) (int, bool) {
	if r, ok := regNames[s]; ok {
		return r, true
	}
	if n, ok := strings.CutPrefix(s, "Y"); ok {
		if i, err := strconv.Atoi(n); err == nil && i >= 0 && i < numY {
			return numGP + i, true
		}
	}
	return 0, false
}

func parseInt(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	if u, err := strconv.ParseUint(s, 0, 64); err == nil {
		return int64(u), nil
	}
	return strconv.ParseInt(s, 0, 64)
}

// parseOperand reads one operand.
func parseOperand(s string) (operand, error) {
	o := operand{text: s, base: -1, index: -1}
	switch {
	case strings.HasPrefix(s, "$"):
		v, err := parseInt(s[1:])
		if err != nil {
			return o, fmt.Errorf("bad immediate %s", s)
		}
		o.kind, o.imm = kImm, uint64(v)
		return o, nil
	case strings.HasSuffix(s, ")"):
		o.kind = kMem
		i := strings.Index(s, "(")
		prefix, rest := s[:i], s[i:]
		var groups []string
		for rest != "" {
			if rest[0] != '(' {
				return o, fmt.Errorf("bad memory operand %s", s)
			}
			j := strings.Index(rest, ")")
			groups = append(groups, rest[1:j])
			rest = rest[j+1:]
		}
		if len(groups) > 2 {
			return o, fmt.Errorf("bad memory operand %s", s)
		}
		switch groups[0] {
		case "SB":
			o.mbase = baseSB
			name, off, sign := prefix, "", int64(1)
			if k := strings.IndexAny(prefix, "+-"); k >= 0 {
				name, off = prefix[:k], prefix[k+1:]
				if prefix[k] == '-' {
					sign = -1
				}
			}
			d, err := parseInt(off)
			if err != nil || name == "" {
				return o, fmt.Errorf("bad symbol operand %s", s)
			}
			o.sym, o.disp = strings.TrimPrefix(name, "·"), sign*d
		case "FP":
			o.mbase = baseFP
			name, off, ok := strings.Cut(prefix, "+")
			d, err := parseInt(off)
			if !ok || name == "" || err != nil {
				return o, fmt.Errorf("argument %s: want name+offset(FP)", s)
			}
			o.sym, o.disp = name, d
		case "SP":
			o.mbase = baseSP
			d, err := parseInt(prefix)
			if err != nil {
				return o, fmt.Errorf("%s: only off(SP), the hardware SP, is supported", s)
			}
			o.base, o.disp = regSP, d
		default:
			o.mbase = baseReg
			r, ok := parseReg(groups[0])
			if !ok || r >= numGP {
				return o, fmt.Errorf("bad base register in %s", s)
			}
			d, err := parseInt(prefix)
			if err != nil {
				return o, fmt.Errorf("bad offset in %s", s)
			}
			o.base, o.disp = r, d
		}
		if len(groups) == 2 {
			ix, sc, ok := strings.Cut(groups[1], "*")
			r, rok := parseReg(ix)
			scale, err := strconv.ParseUint(sc, 10, 8)
			if !ok || !rok || r >= numGP || r == regSP || err != nil || (scale != 1 && scale != 2 && scale != 4 && scale != 8) || o.mbase != baseReg && o.mbase != baseSP {
				return o, fmt.Errorf("bad index in %s", s)
			}
			o.index, o.scale = r, scale
		}
		return o, nil
	}
	if r, ok := parseReg(s); ok {
		o.kind, o.reg = kReg, r
		return o, nil
	}
	o.kind = kTarget
	return o, nil
}

// Parse reads assembly text. Routines are named as their TEXT line names
// them, without the middle dot: "elem64MulAsm", "pointMulInternal<>".
func Parse(src string) (*Program, error) {
	p := &Program{routines: map[string]*routine{}, data: map[string]*dataSym{}}
	type datum struct {
		sym       string
		off, size int
		v         uint64
		line      int
	}
	var data []datum
	var cur *routine
	var order []*routine
	for n, raw := range strings.Split(src, "\n") {
		line := raw
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		lineNo := n + 1
		if line == "" || strings.HasPrefix(line, "#include") {
			continue
		}
		fail := func(format string, args ...any) (*Program, error) {
			return nil, fmt.Errorf("line %d: %s: %s", lineNo, line, fmt.Sprintf(format, args...))
		}
		mn, rest, _ := strings.Cut(line, " ")
		mn = strings.TrimSpace(mn)
		rest = strings.TrimSpace(rest)
		var fields []string
		if rest != "" {
			for _, f := range strings.Split(rest, ",") {
				fields = append(fields, strings.TrimSpace(f))
			}
		}
		switch {
		case mn == "TEXT":
			if len(fields) < 2 || !strings.HasSuffix(fields[0], "(SB)") {
				return fail("bad TEXT")
			}
			name := strings.TrimPrefix(strings.TrimSuffix(fields[0], "(SB)"), "·")
			sz := fields[len(fields)-1]
			if !strings.HasPrefix(sz, "$") {
				return fail("TEXT without a frame size")
			}
			fr, ar, hasArgs := strings.Cut(sz[1:], "-")
			frame, err := strconv.Atoi(fr)
			if err != nil || frame < 0 || frame%8 != 0 {
				return fail("bad frame size")
			}
			args := 0
			if hasArgs {
				if args, err = strconv.Atoi(ar); err != nil || args < 0 {
					return fail("bad argument size")
				}
			}
			if p.routines[name] != nil {
				return fail("%s defined twice", name)
			}
			cur = &routine{name: name, frame: frame, args: args, labels: map[string]int{}, textPos: lineNo}
			p.routines[name] = cur
			order = append(order, cur)
		case mn == "DATA":
			if len(fields) != 2 {
				return fail("bad DATA")
			}
			loc, sz, ok := strings.Cut(fields[0], "/")
			o, err := parseOperand(loc)
			size, serr := strconv.Atoi(sz)
			if !ok || err != nil || serr != nil || o.kind != kMem || o.mbase != baseSB || size < 1 || size > 8 {
				return fail("bad DATA location")
			}
			v, err := parseOperand(fields[1])
			if err != nil || v.kind != kImm {
				return fail("DATA value must be an integer")
			}
			data = append(data, datum{o.sym, int(o.disp), size, v.imm, lineNo})
		case mn == "GLOBL":
			if len(fields) < 2 {
				return fail("bad GLOBL")
			}
			o, err := parseOperand(fields[0])
			size, serr := strconv.Atoi(strings.TrimPrefix(fields[len(fields)-1], "$"))
			if err != nil || serr != nil || o.kind != kMem || o.mbase != baseSB || o.disp != 0 {
				return fail("bad GLOBL")
			}
			if p.data[o.sym] != nil {
				return fail("%s declared twice", o.sym)
			}
			ro := len(fields) == 3 && strings.Contains(fields[1], "RODATA")
			p.data[o.sym] = &dataSym{size: size, ro: ro, bytes: make([]byte, size), set: make([]bool, size)}
		case strings.HasSuffix(mn, ":") && rest == "":
			if cur == nil {
				return fail("label outside TEXT")
			}
			l := strings.TrimSuffix(mn, ":")
			if _, dup := cur.labels[l]; dup {
				return fail("label %s twice", l)
			}
			cur.labels[l] = len(cur.insts)
		default:
			if cur == nil {
				return fail("instruction outside TEXT")
			}
			in := inst{op: mn, line: lineNo, text: line}
			for _, f := range fields {
				o, err := parseOperand(f)
				if err != nil {
					return fail("%v", err)
				}
				in.a = append(in.a, o)
			}
			if err := decode(&in, cur); err != nil {
				return fail("%v", err)
			}
			cur.insts = append(cur.insts, in)
		}
	}
	for _, d := range data {
		s := p.data[d.sym]
		if s == nil || d.off < 0 || d.off+d.size > s.size {
			return nil, fmt.Errorf("line %d: DATA outside %s's GLOBL", d.line, d.sym)
		}
		for k := 0; k < d.size; k++ {
			if s.set[d.off+k] {
				return nil, fmt.Errorf("line %d: DATA %s+%d written twice", d.line, d.sym, d.off+k)
			}
			s.bytes[d.off+k], s.set[d.off+k] = byte(d.v>>(8*k)), true
		}
	}
	// Resolve jumps and calls, and check the static operands.
	for _, r := range order {
		for i := range r.insts {
			in := &r.insts[i]
			fail := func(format string, args ...any) (*Program, error) {
				return nil, fmt.Errorf("line %d: %s: %s", in.line, in.text, fmt.Sprintf(format, args...))
			}
			switch in.code {
			case opJMP, opJcc:
				t, ok := r.labels[in.a[0].text]
				if !ok {
					return fail("no label %s in %s", in.a[0].text, r.name)
				}
				in.target = t
			case opCALL:
				o := in.a[0]
				if o.kind != kMem || o.mbase != baseSB || o.disp != 0 {
					return fail("CALL wants sym(SB)")
				}
				c := p.routines[o.sym]
				if c == nil {
					return fail("CALL of %s, which this text does not define", o.sym)
				}
				in.callee = c
			}
			for _, o := range in.a {
				if o.kind != kMem || in.code == opCALL {
					continue
				}
				size := in.size
				if in.code == opLEAQ {
					size = 0
				}
				switch o.mbase {
				case baseSP:
					if o.disp < 0 || o.disp+int64(size) > int64(r.frame) {
						return fail("%s is outside %s's %d-byte frame", o.text, r.name, r.frame)
					}
				case baseFP:
					if o.disp < 0 || o.disp+int64(size) > int64(r.args) {
						return fail("%s is outside %s's %d bytes of arguments", o.text, r.name, r.args)
					}
				case baseSB:
					s := p.data[o.sym]
					if s == nil {
						return fail("%s: no GLOBL for %s", o.text, o.sym)
					}
					if o.disp < 0 || o.disp+int64(size) > int64(s.size) {
						return fail("%s is outside %s", o.text, o.sym)
					}
				}
			}
		}
		if n := len(r.insts); n == 0 || (r.insts[n-1].code != opRET && r.insts[n-1].code != opJMP) {
			return nil, fmt.Errorf("line %d: %s does not end in RET or JMP", r.textPos, r.name)
		}
	}
	return p, nil
}

// Routines lists the program's routines, sorted.
func (p *Program) Routines() []string {
	var out []string
	for n := range p.routines {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// fitsImm32 reports whether an immediate is encodable as a sign-extended
// 32-bit field, as every instruction here but MOVQ $imm64, reg needs.
func fitsImm32(v uint64) bool {
	return int64(v) >= math.MinInt32 && int64(v) <= math.MaxInt32
}
