package field

// A list scheduler for the generated arm assembly. The emitters write each
// routine in the order the arithmetic reads best; an in-order core
// (Cortex-A7, A9, A53) then waits wherever an instruction reads a register
// a load or a multiplication has not delivered yet. armSchedule reorders the
// instructions of each routine, within what the registers, the flags and
// memory allow, so that such reads come later: a load moves up as far as
// the register it writes is free, an independent instruction fills the gap
// between a multiplication and the use of its product.
//
// The reordering never changes what is computed. An instruction moves past
// another only if neither writes a register or the flags the other reads
// or writes, and if they do not both touch the same memory with one of
// them storing; addresses are followed symbolically from the stack pointer
// and the argument pointers, so frame slots and the arguments are told
// apart, and two accesses through pointers that may alias are kept in
// order. The instructions are the same, each reads the same values, and
// the addresses each touches are the same: the code stays straight-line
// with fixed addresses, so constant time is unchanged (the interpreters'
// address-trace check runs on the scheduled text).
//
// The cost model is a sketch of a single-issue in-order core, not a
// measurement of one: a load's register is ready three cycles after it
// issues (MOVM: two registers a cycle), a UMULL or UMLAL's product four
// cycles after (two when the next UMLAL only accumulates into it), MUL and
// MLA three, anything else one. A routine keeps its order when the model
// does not count fewer cycles for the new one.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// armSchedule returns text with the instructions of every routine
// reordered for an in-order core, and the model's cycles before and after
// per routine.
func armSchedule(text string) (string, []armSchedStat, error) {
	lines := strings.Split(text, "\n")
	var out []string
	var stats []armSchedStat
	for i := 0; i < len(lines); {
		if !strings.HasPrefix(lines[i], "TEXT ") {
			out = append(out, lines[i])
			i++
			continue
		}
		name := strings.TrimSuffix(strings.Fields(lines[i])[1], "(SB),")
		out = append(out, lines[i])
		i++
		// The routine runs to the next TEXT. Preprocessor lines (the
		// GOARM_6 variants) and RETs cut it into segments, each scheduled
		// on its own: nothing moves across them.
		variant := ""
		var seg []string
		flush := func() error {
			body, st, err := armScheduleBody(seg)
			if err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
			if st.ins > 0 {
				st.name = name + variant
				stats = append(stats, st)
			}
			out = append(out, body...)
			seg = nil
			return nil
		}
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "TEXT "); i++ {
			l := lines[i]
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "#") || t == "RET" {
				if err := flush(); err != nil {
					return "", nil, err
				}
				out = append(out, l)
				switch {
				case strings.HasPrefix(t, "#ifdef "):
					variant = " [" + strings.TrimPrefix(t, "#ifdef ") + "]"
				case t == "#else":
					variant = " [else]"
				case t == "#endif":
					variant = ""
				}
				continue
			}
			seg = append(seg, l)
		}
		if err := flush(); err != nil {
			return "", nil, err
		}
	}
	return strings.Join(out, "\n"), stats, nil
}

// armUMAALWord returns the line that encodes UMAAL lo, hi, n, m (cond AL):
// hi:lo = n·m + hi + lo.
func armUMAALWord(lo, hi, n, m string) string {
	num := func(r string) uint32 {
		v, _ := strconv.Atoi(strings.TrimPrefix(r, "R"))
		return uint32(v)
	}
	enc := 0xe0400090 | num(hi)<<16 | num(lo)<<12 | num(m)<<8 | num(n)
	return fmt.Sprintf("WORD    $0x%08x // UMAAL: %s:%s = %s·%s + %s + %s", enc, hi, lo, n, m, hi, lo)
}

// armDecodeUMAAL reads a WORD's operand as UMAAL with the condition AL and
// returns its registers lo, hi, n, m.
func armDecodeUMAAL(w string) ([]string, bool) {
	v, err := strconv.ParseUint(strings.TrimPrefix(w, "$"), 0, 32)
	if err != nil || !strings.HasPrefix(w, "$") || uint32(v)&0xfff000f0 != 0xe0400090 {
		return nil, false
	}
	reg := func(sh uint) string { return "R" + strconv.Itoa(int(v>>sh&15)) }
	return []string{reg(12), reg(16), reg(0), reg(8)}, true
}

// armSchedStat is the model's count for one routine.
type armSchedStat struct {
	name          string
	ins           int
	busy          int // cycles of issue without a stall
	before, after int // cycles
}

// armIns is one instruction with the comment and blank lines above it.
type armIns struct {
	pre    []string
	line   string
	op     string
	reads  []string // registers, and "flags"
	writes []string
	ready  map[string]int // cycles after issue until a written register is ready
	occ    int            // cycles the instruction occupies the issue slot
	mem    *armMemRef
	acc    []string // MULALU: the accumulator registers, read late
	args   []string // the operands as written
}

// armMemRef is the memory an instruction touches: bytes [off, off+size)
// from a root, an address no other root's accesses can reach unless the
// root is unknown.
type armMemRef struct {
	store   bool
	base    string // the address register, or FP
	root    int    // 0: the stack pointer; -1: the arguments; -2: anywhere
	off     int64
	size    int64
	pointer bool // the root came from a pointer loaded from memory
}

// armAddr is a register's value as an address: root + off.
type armAddr struct {
	root int
	off  int64
}

func armScheduleBody(lines []string) ([]string, armSchedStat, error) {
	var ins []*armIns
	var pre []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "//") {
			pre = append(pre, l)
			continue
		}
		in, err := armParse(t)
		if err != nil {
			return nil, armSchedStat{}, err
		}
		in.pre, in.line = pre, l
		pre = nil
		ins = append(ins, in)
	}
	if err := armResolveMem(ins); err != nil {
		return nil, armSchedStat{}, err
	}
	order := armListSchedule(ins)
	st := armSchedStat{ins: len(ins), before: armCycles(ins, nil), after: armCycles(ins, order)}
	for _, in := range ins {
		st.busy += in.occ
	}
	if st.after >= st.before {
		order, st.after = nil, st.before
	}
	if order == nil {
		order = make([]int, len(ins))
		for i := range order {
			order[i] = i
		}
	}
	// A comment stays above the first instruction it preceded unless an
	// instruction from before it moved below: then it goes after the last
	// of those, so that an instruction moved up sits at the end of the
	// block above its comment.
	pos := make([]int, len(ins))
	for p, i := range order {
		pos[i] = p
	}
	at := make([][]string, len(ins)+1)
	last := -1
	for i, in := range ins {
		if len(in.pre) > 0 {
			at[last+1] = append(at[last+1], in.pre...)
		}
		last = max(last, pos[i])
	}
	var out []string
	for p, i := range order {
		out = append(out, at[p]...)
		out = append(out, ins[i].line)
	}
	out = append(out, at[len(ins)]...)
	out = append(out, pre...)
	return out, st, nil
}

// armSplitArgs splits operands at the commas outside brackets and parentheses.
func armSplitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

func armIsReg(s string) bool {
	if !strings.HasPrefix(s, "R") {
		return false
	}
	n, err := strconv.Atoi(s[1:])
	return err == nil && n >= 0 && n <= 15
}

// armOperandRegs returns the registers a $imm, Rn, Rn<<s or Rn>>s operand reads.
func armOperandRegs(s string) ([]string, error) {
	if strings.HasPrefix(s, "$") {
		return nil, nil
	}
	for _, sh := range []string{"<<", ">>", "->", "@>"} {
		if x, y, ok := strings.Cut(s, sh); ok {
			if !armIsReg(x) {
				return nil, fmt.Errorf("operand %s", s)
			}
			if armIsReg(y) {
				return []string{x, y}, nil
			}
			if _, err := strconv.Atoi(y); err != nil {
				return nil, fmt.Errorf("operand %s", s)
			}
			return []string{x}, nil
		}
	}
	if !armIsReg(s) {
		return nil, fmt.Errorf("operand %s", s)
	}
	return []string{s}, nil
}

// armMemOperand parses off(Rn) and name+off(FP).
func armMemOperand(s string) (base string, off int64, ok bool) {
	i := strings.LastIndex(s, "(")
	if i < 0 || !strings.HasSuffix(s, ")") || strings.HasPrefix(s, "(") && strings.Contains(s, ",") {
		return "", 0, false
	}
	base = s[i+1 : len(s)-1]
	p := s[:i]
	if base == "FP" {
		if _, o, ok := strings.Cut(p, "+"); ok {
			p = o
		} else if _, o, ok := strings.Cut(p, "-"); ok {
			p = "-" + o
		}
	} else if !armIsReg(base) {
		return "", 0, false
	}
	if p != "" {
		v, err := strconv.ParseInt(p, 0, 64)
		if err != nil {
			return "", 0, false
		}
		off = v
	}
	return base, off, true
}

func armRegRange(list string) ([]string, error) {
	if !strings.HasPrefix(list, "[") || !strings.HasSuffix(list, "]") {
		return nil, fmt.Errorf("register list %s", list)
	}
	var out []string
	for _, p := range strings.Split(list[1:len(list)-1], ",") {
		p = strings.TrimSpace(p)
		if lo, hi, ok := strings.Cut(p, "-"); ok {
			x, err1 := strconv.Atoi(strings.TrimPrefix(lo, "R"))
			y, err2 := strconv.Atoi(strings.TrimPrefix(hi, "R"))
			if err1 != nil || err2 != nil || x > y {
				return nil, fmt.Errorf("register list %s", list)
			}
			for r := x; r <= y; r++ {
				out = append(out, "R"+strconv.Itoa(r))
			}
			continue
		}
		if !armIsReg(p) {
			return nil, fmt.Errorf("register list %s", list)
		}
		out = append(out, p)
	}
	return out, nil
}

// armALU reports the data-processing instructions the scheduler knows:
// whether they read and whether they set the flags.
var armALU = map[string][2]bool{
	"ADD": {false, false}, "ADD.S": {false, true}, "ADC": {true, false}, "ADC.S": {true, true},
	"SUB": {false, false}, "SUB.S": {false, true}, "SBC": {true, false}, "SBC.S": {true, true},
	"RSB": {false, false}, "RSB.S": {false, true}, "AND": {false, false}, "ORR": {false, false},
	"EOR": {false, false}, "BIC": {false, false},
}

func armALUKnown(op string) bool {
	_, ok := armALU[op]
	return ok
}

// armParse reads one instruction; an instruction it does not know is an error.
func armParse(t string) (*armIns, error) {
	in := &armIns{occ: 1, ready: map[string]int{}}
	if k := strings.Index(t, "//"); k >= 0 {
		t = strings.TrimSpace(t[:k])
	}
	if w, ok := strings.CutPrefix(t, "WORD"); ok {
		r, ok := armDecodeUMAAL(strings.TrimSpace(w))
		if !ok {
			return nil, fmt.Errorf("%s: a WORD that is not UMAAL", t)
		}
		in.op = "UMAAL"
		in.reads = []string{r[2], r[3], r[0], r[1]}
		in.acc = []string{r[0], r[1]}
		in.writes = []string{r[0], r[1]}
		in.ready[r[0]], in.ready[r[1]] = 4, 4
		return in, nil
	}
	op, rest, _ := strings.Cut(t, " ")
	a := armSplitArgs(rest)
	in.args = a
	in.op = op
	write := func(lat int, rs ...string) {
		for _, r := range rs {
			in.writes = append(in.writes, r)
			in.ready[r] = lat
		}
	}
	switch {
	case op == "MOVW" && len(a) == 2:
		if base, off, ok := armMemOperand(a[1]); ok {
			in.mem = &armMemRef{store: true, base: base, off: off, size: 4}
			rs, err := armOperandRegs(a[0])
			if err != nil {
				return nil, err
			}
			in.reads = append(rs, base)
			return in, nil
		}
		if !armIsReg(a[1]) {
			return nil, fmt.Errorf("%s", t)
		}
		if base, off, ok := armMemOperand(a[0]); ok {
			in.mem = &armMemRef{base: base, off: off, size: 4}
			in.reads = []string{base}
			write(3, a[1])
			return in, nil
		}
		rs, err := armOperandRegs(a[0])
		if err != nil {
			return nil, err
		}
		in.reads = rs
		lat := 1
		if strings.HasPrefix(a[0], "$") {
			if v, err := strconv.ParseInt(a[0][1:], 0, 64); err != nil || !armImm(uint32(v)) && !armImm(^uint32(v)) {
				lat = 3 // a literal-pool load
			}
		}
		write(lat, a[1])
		return in, nil
	case strings.HasPrefix(op, "MOVM."):
		store := strings.HasPrefix(a[0], "[")
		list, base := a[0], a[1]
		if !store {
			list, base = a[1], a[0]
		}
		regs, err := armRegRange(list)
		if err != nil {
			return nil, err
		}
		b := strings.Trim(base, "()")
		if !armIsReg(b) || len(regs) == 0 {
			return nil, fmt.Errorf("%s", t)
		}
		size := int64(4 * len(regs))
		off := int64(0)
		switch op {
		case "MOVM.IA", "MOVM.IA.W":
		case "MOVM.DB", "MOVM.DB.W":
			off = -size
		default:
			return nil, fmt.Errorf("%s", t)
		}
		in.mem = &armMemRef{store: store, base: b, off: off, size: size}
		in.occ = (len(regs) + 1) / 2
		in.reads = []string{b}
		if store {
			in.reads = append(in.reads, regs...)
		} else {
			for i, r := range regs {
				write(3+i/2, r)
			}
		}
		if strings.HasSuffix(op, ".W") {
			if slices.Contains(regs, b) {
				return nil, fmt.Errorf("%s: writeback to a listed register", t)
			}
			write(1, b)
		}
		return in, nil
	case armALUKnown(op):
		if len(a) != 2 && len(a) != 3 {
			return nil, fmt.Errorf("%s", t)
		}
		rs, err := armOperandRegs(a[0])
		if err != nil {
			return nil, err
		}
		in.reads = rs
		dst := a[len(a)-1]
		src := dst
		if len(a) == 3 {
			src = a[1]
		}
		if !armIsReg(src) || !armIsReg(dst) {
			return nil, fmt.Errorf("%s", t)
		}
		in.reads = append(in.reads, src)
		f := armALU[op]
		if f[0] {
			in.reads = append(in.reads, "flags")
		}
		if f[1] {
			write(1, "flags")
		}
		if strings.HasPrefix(a[0], "$") {
			// An immediate the instruction cannot encode is built in R11
			// by the assembler.
			// (Conservatively: an immediate the assembler might encode by
			// turning ADD into SUB or AND into BIC counts too.)
			v, err := strconv.ParseInt(a[0][1:], 0, 64)
			if err != nil || !armImm(uint32(v)) {
				write(1, "R11")
			}
		}
		write(1, dst)
		return in, nil
	case op == "MULLU" || op == "MULALU":
		if len(a) != 3 {
			return nil, fmt.Errorf("%s", t)
		}
		hi, lo, ok := strings.Cut(strings.Trim(a[2], "()"), ",")
		hi, lo = strings.TrimSpace(hi), strings.TrimSpace(lo)
		if !ok || !armIsReg(a[0]) || !armIsReg(a[1]) || !armIsReg(hi) || !armIsReg(lo) {
			return nil, fmt.Errorf("%s", t)
		}
		in.reads = []string{a[0], a[1]}
		if op == "MULALU" {
			in.reads = append(in.reads, hi, lo)
			in.acc = []string{hi, lo}
		}
		write(4, hi, lo)
		return in, nil
	case op == "MUL" || op == "MULA":
		if op == "MUL" && len(a) != 3 || op == "MULA" && len(a) != 4 {
			return nil, fmt.Errorf("%s", t)
		}
		for _, r := range a {
			if !armIsReg(r) {
				return nil, fmt.Errorf("%s", t)
			}
		}
		in.reads = a[:len(a)-1]
		write(3, a[len(a)-1])
		return in, nil
	}
	return nil, fmt.Errorf("the scheduler does not know %q", t)
}

// armResolveMem follows the address registers through the routine in its
// written order and sets each access's root. A root is the stack pointer
// (0), the arguments (−1), or a pointer loaded from memory (a fresh root
// each time); a value computed any other way from an address makes its
// accesses conflict with every other access (−2).
func armResolveMem(ins []*armIns) error {
	val := map[string]armAddr{"R13": {0, 0}}
	next := 1
	tainted := map[int]bool{} // roots that may point into the frame
	escaped := false          // an address into the frame was stored
	for _, in := range ins {
		if m := in.mem; m != nil {
			if m.base == "FP" {
				m.root = -1
			} else if v, ok := val[m.base]; ok {
				m.root, m.off = v.root, v.off+m.off
			} else {
				m.root = -2
			}
			if m.root > 0 {
				if tainted[m.root] {
					m.root = -2
				} else {
					m.pointer = true
				}
			}
		}
		// The registers the instruction writes get their new values.
		var nv map[string]armAddr
		switch {
		case in.mem != nil && !in.mem.store:
			nv = map[string]armAddr{}
			for _, r := range in.writes {
				if r == "flags" {
					continue
				}
				if strings.HasSuffix(in.op, ".W") && r == in.mem.base {
					if v, ok := val[r]; ok {
						nv[r] = armAddr{v.root, v.off + in.mem.size}
						continue
					}
				}
				nv[r] = armAddr{next, 0}
				tainted[next] = escaped
				next++
			}
		case in.mem != nil && in.mem.store && strings.HasSuffix(in.op, ".W"):
			b := in.mem.base
			nv = map[string]armAddr{}
			if v, ok := val[b]; ok {
				nv[b] = armAddr{v.root, v.off + in.mem.size}
			} else {
				nv[b] = armAddr{next, 0}
				tainted[next] = true
				next++
			}
		case (in.op == "ADD" || in.op == "SUB") && strings.HasPrefix(in.args[0], "$"):
			f := in.args
			k, err := strconv.ParseInt(f[0][1:], 0, 64)
			if err != nil {
				return err
			}
			if in.op == "SUB" {
				k = -k
			}
			src, dst := f[len(f)-1], f[len(f)-1]
			if len(f) == 3 {
				src = f[1]
			}
			nv = map[string]armAddr{}
			if v, ok := val[src]; ok {
				nv[dst] = armAddr{v.root, v.off + k}
			} else {
				nv[dst] = armAddr{next, 0}
				tainted[next] = true
				next++
			}
		default:
			nv = map[string]armAddr{}
			// A value computed from an address may be an address anywhere.
			for _, r := range in.writes {
				if r == "flags" {
					continue
				}
				nv[r] = armAddr{next, 0}
				tainted[next] = true
				next++
			}
			if in.op == "MOVW" && in.mem == nil && armIsReg(in.args[0]) {
				if v, ok := val[in.reads[0]]; ok {
					nv[in.writes[0]] = v
				}
			}
		}
		// A store of an address into the frame makes every later loaded
		// pointer suspect.
		if in.mem != nil && in.mem.store {
			for _, r := range in.reads {
				if v, ok := val[r]; ok && (v.root == 0 || tainted[v.root]) {
					escaped = true
				}
			}
		}
		for r, v := range nv {
			val[r] = v
		}
		for _, r := range in.writes {
			if _, ok := nv[r]; !ok && r != "flags" {
				delete(val, r)
			}
		}
	}
	return nil
}

// armConflict reports whether two memory accesses must keep their order.
func armConflict(x, y *armMemRef) bool {
	if !x.store && !y.store {
		return false
	}
	if x.root == -2 || y.root == -2 {
		return true
	}
	if x.root == y.root {
		return x.off < y.off+y.size && y.off < x.off+x.size
	}
	// The frame and the arguments are never reached through a pointer the
	// routine loaded; two loaded pointers may alias.
	return x.pointer && y.pointer
}

// armDeps returns, for each instruction, the earlier ones it must follow
// and the cycles after their issue it can start (0 for order only).
func armDeps(ins []*armIns) [][]armDep {
	deps := make([][]armDep, len(ins))
	lastW := map[string]int{}
	readers := map[string][]int{}
	for j, in := range ins {
		need := map[int]int{}
		add := func(i, lat int) {
			if l, ok := need[i]; !ok || lat > l {
				need[i] = lat
			}
		}
		for _, r := range in.reads {
			if i, ok := lastW[r]; ok {
				lat := ins[i].ready[r]
				if slices.Contains(in.acc, r) && (ins[i].op == "MULALU" || ins[i].op == "MULLU" || ins[i].op == "UMAAL") {
					lat = 2
				}
				add(i, lat)
			}
		}
		for _, r := range in.writes {
			if i, ok := lastW[r]; ok {
				add(i, 0)
			}
			for _, i := range readers[r] {
				if i != j {
					add(i, 0)
				}
			}
		}
		if in.mem != nil {
			for i := 0; i < j; i++ {
				if m := ins[i].mem; m != nil && armConflict(m, in.mem) {
					lat := 0
					if m.store && !in.mem.store {
						lat = 1
					}
					add(i, lat)
				}
			}
		}
		for _, r := range in.reads {
			readers[r] = append(readers[r], j)
		}
		for _, r := range in.writes {
			lastW[r] = j
			readers[r] = nil
		}
		for i, lat := range need {
			deps[j] = append(deps[j], armDep{i, lat})
		}
		slices.SortFunc(deps[j], func(x, y armDep) int { return x.from - y.from })
	}
	return deps
}

type armDep struct{ from, lat int }

// armListSchedule orders the instructions by list scheduling on the model:
// each cycle, of the instructions whose predecessors are placed, the one
// that can start earliest, then the one with the longest path to the end,
// then the first written.
func armListSchedule(ins []*armIns) []int {
	n := len(ins)
	deps := armDeps(ins)
	succ := make([][]armDep, n)
	npred := make([]int, n)
	for j, ds := range deps {
		npred[j] = len(ds)
		for _, d := range ds {
			succ[d.from] = append(succ[d.from], armDep{j, d.lat})
		}
	}
	prio := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		p := ins[i].occ
		for _, s := range succ[i] {
			p = max(p, max(s.lat, ins[i].occ)+prio[s.from])
		}
		prio[i] = p
	}
	start := make([]int, n) // earliest start from the placed predecessors
	var ready []int
	for i := range n {
		if npred[i] == 0 {
			ready = append(ready, i)
		}
	}
	var order []int
	t := 0
	for len(ready) > 0 {
		best := -1
		for k, i := range ready {
			if best < 0 {
				best = k
				continue
			}
			b := ready[best]
			si, sb := max(t, start[i]), max(t, start[b])
			if si < sb || si == sb && (prio[i] > prio[b] || prio[i] == prio[b] && i < b) {
				best = k
			}
		}
		i := ready[best]
		ready = slices.Delete(ready, best, best+1)
		s := max(t, start[i])
		order = append(order, i)
		t = s + ins[i].occ
		for _, d := range succ[i] {
			start[d.from] = max(start[d.from], s+d.lat)
			npred[d.from]--
			if npred[d.from] == 0 {
				ready = append(ready, d.from)
			}
		}
	}
	return order
}

// armCycles counts the model's cycles for the instructions in order (nil:
// as written).
func armCycles(ins []*armIns, order []int) int {
	if order == nil {
		order = make([]int, len(ins))
		for i := range order {
			order[i] = i
		}
	}
	deps := armDeps(ins)
	issue := make([]int, len(ins))
	t := 0
	for _, i := range order {
		s := t
		for _, d := range deps[i] {
			s = max(s, issue[d.from]+d.lat)
		}
		issue[i] = s
		t = s + ins[i].occ
	}
	return t
}
