package field

// Small interpreters of exactly the arm and 386 instructions the 32-bit
// emitters write (unsatarm.go, unsat386.go, unsatasm32k.go), and a model of the Go code
// they must agree with, so that TestUnsatAsm32Sim checks the text on any
// machine; fieldarith/field25519's tests check the same text under qemu.
// An instruction or operand form the interpreters do not know fails the
// test, so the emitters cannot drift past them unnoticed.

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const (
	simA, simB, simV, simSP = 0x1000, 0x2000, 0x3000, 0x8000
)

// simFunc returns the body of TEXT ·name from an assembly file: its
// instruction lines, split into opcode and operands.
func simFunc(text, name string) ([][]string, error) {
	var out [][]string
	in := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "TEXT ") {
			in = strings.HasPrefix(l, "TEXT ·"+name+"(SB)")
			continue
		}
		if in && strings.HasPrefix(l, "#") {
			return nil, fmt.Errorf("%s: %q: resolve the GOARM variants first (armVariant)", name, l)
		}
		if !in || !strings.HasPrefix(l, "\t") || strings.HasPrefix(strings.TrimSpace(l), "//") {
			continue
		}
		if w, ok := strings.CutPrefix(strings.TrimSpace(l), "WORD"); ok {
			// montasm32.go's UMAAL: lo, hi, n, m.
			if k := strings.Index(w, "//"); k >= 0 {
				w = w[:k]
			}
			r, ok := armDecodeUMAAL(strings.TrimSpace(w))
			if !ok {
				return nil, fmt.Errorf("%q: a WORD that is not UMAAL", l)
			}
			out = append(out, append([]string{"UMAAL"}, r...))
			continue
		}
		f := strings.Fields(l)
		op, rest := f[0], strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), f[0]))
		args := armSplitArgs(rest)
		out = append(out, append([]string{op}, args...))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no TEXT ·%s", name)
	}
	return out, nil
}

// armVariant resolves the files' #ifdef GOARM_6 … #else … #endif for a
// build with that GOARM, as the go command's -D GOARM_6 (GOARM 6 and 7) does.
func armVariant(text string, goarm int) (string, error) {
	var out []string
	keep, depth := true, 0
	for _, l := range strings.Split(text, "\n") {
		switch t := strings.TrimSpace(l); {
		case t == "#ifdef GOARM_6":
			if depth > 0 {
				return "", fmt.Errorf("nested #ifdef")
			}
			depth, keep = 1, goarm >= 6
		case t == "#else":
			keep = !keep
		case t == "#endif":
			depth, keep = 0, true
		case strings.HasPrefix(t, "#if"):
			return "", fmt.Errorf("%q: not understood", t)
		default:
			if keep {
				out = append(out, l)
			}
		}
	}
	return strings.Join(out, "\n"), nil
}

type simMachine struct {
	reg   map[string]uint32
	mem   map[uint32]uint32
	carry bool
	// trace is every address the code loaded from or stored to (stores
	// with simStore set), in order: straight-line code whose addresses
	// come only from the arguments and the stack pointer has the same
	// trace for every input (sameTrace).
	trace []uint32
	// y is the uint32 argument y+8(FP) of Mult32, and cond of Swap and
	// Select.
	y uint32
}

// simStore marks a store in simMachine.trace; the simulated addresses are
// far below it.
const simStore = 1 << 31

func (m *simMachine) load(addr uint32) (uint32, error) {
	v, ok := m.mem[addr]
	if !ok {
		return 0, fmt.Errorf("load of unwritten word %#x", addr)
	}
	m.trace = append(m.trace, addr)
	return v, nil
}

func (m *simMachine) store(addr, v uint32) {
	m.mem[addr] = v
	m.trace = append(m.trace, addr|simStore)
}

// sameTrace reports, for constant-time review, whether the code's memory
// accesses depend on the data: it keeps the first trace seen under key
// and compares every later one with it.
func sameTrace(first map[string][]uint32, key string, m *simMachine) error {
	want, ok := first[key]
	if !ok {
		first[key] = m.trace
		return nil
	}
	if len(want) != len(m.trace) {
		return fmt.Errorf("%d memory accesses, %d on other inputs", len(m.trace), len(want))
	}
	for i := range want {
		if want[i] != m.trace[i] {
			return fmt.Errorf("access %d is at %#x, %#x on other inputs: an address depends on the data", i, m.trace[i], want[i])
		}
	}
	return nil
}

// addrOf resolves off(Rn), (Rn) and name+off(FP) (the argument pointers,
// by name).
func (m *simMachine) addrOf(a string) (uint32, bool, error) {
	if strings.HasSuffix(a, "(FP)") {
		return 0, false, fmt.Errorf("%s: arguments are read with addrOf's caller", a)
	}
	i := strings.Index(a, "(")
	if i < 0 || !strings.HasSuffix(a, ")") {
		return 0, false, nil
	}
	off := int64(0)
	if i > 0 {
		var err error
		if off, err = strconv.ParseInt(a[:i], 0, 64); err != nil {
			return 0, false, err
		}
	}
	base, ok := m.reg[a[i+1:len(a)-1]]
	if !ok {
		return 0, false, fmt.Errorf("%s: unknown base register", a)
	}
	return base + uint32(off), true, nil
}

func simArg(a string) (uint32, bool) {
	switch {
	case strings.HasPrefix(a, "v+0(FP)"):
		return simV, true
	case strings.HasPrefix(a, "a+4(FP)"), strings.HasPrefix(a, "u+4(FP)"):
		return simA, true
	case strings.HasPrefix(a, "b+8(FP)"):
		return simB, true
	}
	return 0, false
}

func simImm(a string) (uint32, bool) {
	if !strings.HasPrefix(a, "$") {
		return 0, false
	}
	v, err := strconv.ParseInt(a[1:], 0, 64)
	if err != nil {
		return 0, false
	}
	return uint32(v), true
}

// armOperand evaluates $imm, Rn, Rn<<s and Rn>>s.
func (m *simMachine) armOperand(a string) (uint32, error) {
	if v, ok := simImm(a); ok {
		return v, nil
	}
	for _, sh := range []string{"<<", ">>"} {
		if i := strings.Index(a, sh); i > 0 {
			v, ok := m.reg[a[:i]]
			s, err := strconv.Atoi(a[i+2:])
			if !ok || err != nil || s < 0 || s > 31 {
				return 0, fmt.Errorf("bad shifted operand %s", a)
			}
			if sh == "<<" {
				return v << s, nil
			}
			return v >> s, nil
		}
	}
	v, ok := m.reg[a]
	if !ok {
		return 0, fmt.Errorf("bad operand %s", a)
	}
	return v, nil
}

func (m *simMachine) setArm(r string, v uint32) error {
	if r == "R10" || r == "R13" || r == "R15" || r == "g" {
		return fmt.Errorf("writes %s", r)
	}
	if _, ok := m.reg[r]; !ok {
		return fmt.Errorf("unknown register %s", r)
	}
	m.reg[r] = v
	return nil
}

// runARM runs body with v, a, b at simV, simA, simB.
func (m *simMachine) runARM(body [][]string) error {
	for _, r := range armRegs {
		m.reg[r] = 0xdeadbeef
	}
	m.reg["R10"], m.reg["R13"] = 0x5555, simSP
	for n, ins := range body {
		op, a := ins[0], ins[1:]
		err := func() error {
			switch op {
			case "MOVW":
				if a[0] == "y+8(FP)" || strings.HasPrefix(a[0], "cond+") {
					return m.setArm(a[1], m.y)
				}
				if p, ok := simArg(a[0]); ok {
					return m.setArm(a[1], p)
				}
				if addr, ok, err := m.addrOf(a[1]); err != nil {
					return err
				} else if ok {
					v, err := m.armOperand(a[0])
					m.store(addr, v)
					return err
				}
				if addr, ok, err := m.addrOf(a[0]); err != nil {
					return err
				} else if ok {
					v, err := m.load(addr)
					if err != nil {
						return err
					}
					return m.setArm(a[1], v)
				}
				v, err := m.armOperand(a[0])
				if err != nil {
					return err
				}
				return m.setArm(a[1], v)
			case "MOVM.IA", "MOVM.DB", "MOVM.IA.W":
				store := strings.HasPrefix(a[0], "[")
				list, base := a[0], a[1]
				if !store {
					list, base = a[1], a[0]
				}
				regs, err := armRegRange(list)
				if err != nil {
					return err
				}
				addr, ok, err := m.addrOf(base)
				if err != nil || !ok || !strings.HasPrefix(base, "(") {
					return fmt.Errorf("bad base %s", base)
				}
				if op == "MOVM.DB" {
					addr -= uint32(4 * len(regs))
				}
				if op == "MOVM.IA.W" {
					b := strings.Trim(base, "()")
					if slices.Contains(regs, b) {
						return fmt.Errorf("writeback to %s in the list", b)
					}
					if err := m.setArm(b, addr+uint32(4*len(regs))); err != nil {
						return err
					}
				}
				vals := make([]uint32, len(regs))
				for i, r := range regs {
					if store {
						vals[i] = m.reg[r]
						m.store(addr+uint32(4*i), vals[i])
					} else if vals[i], err = m.load(addr + uint32(4*i)); err != nil {
						return err
					}
				}
				if !store {
					for i, r := range regs {
						if err := m.setArm(r, vals[i]); err != nil {
							return err
						}
					}
				}
				return nil
			case "ADD", "ADD.S", "ADC", "SUB", "SUB.S", "SBC", "RSB", "ORR", "BIC", "EOR",
				"ADC.S", "SBC.S", "AND": // the last three also for montasm32.go
				x, err := m.armOperand(a[0])
				if err != nil {
					return err
				}
				src, dst := a[len(a)-1], a[len(a)-1]
				if len(a) == 3 {
					src = a[1]
				}
				y, ok := m.reg[src]
				if !ok {
					return fmt.Errorf("bad register %s", src)
				}
				var z uint32
				switch op {
				case "ADD":
					z = y + x
				case "SUB":
					z = y - x
				case "RSB":
					z = x - y
				case "EOR":
					z = y ^ x
				case "ADD.S":
					s, c := bits.Add32(y, x, 0)
					z, m.carry = s, c == 1
				case "ADC":
					c := uint32(0)
					if m.carry {
						c = 1
					}
					z, _ = bits.Add32(y, x, c)
				case "SUB.S": // C set when there is no borrow
					d, bo := bits.Sub32(y, x, 0)
					z, m.carry = d, bo == 0
				case "SBC":
					bo := uint32(1)
					if m.carry {
						bo = 0
					}
					z, _ = bits.Sub32(y, x, bo)
				case "ADC.S":
					c := uint32(0)
					if m.carry {
						c = 1
					}
					z, c = bits.Add32(y, x, c)
					m.carry = c == 1
				case "SBC.S":
					bo := uint32(1)
					if m.carry {
						bo = 0
					}
					z, bo = bits.Sub32(y, x, bo)
					m.carry = bo == 0
				case "AND":
					z = y & x
				case "ORR":
					z = y | x
				case "BIC":
					z = y &^ x
				}
				return m.setArm(dst, z)
			case "MULLU", "MULALU":
				hi, lo, ok := strings.Cut(strings.Trim(a[2], "()"), ",")
				hi, lo = strings.TrimSpace(hi), strings.TrimSpace(lo)
				if !ok {
					return fmt.Errorf("bad pair %s", a[2])
				}
				if hi == lo || hi == a[1] || lo == a[1] {
					return fmt.Errorf("ARMv5 needs RdHi, RdLo and Rm distinct")
				}
				x, y := m.reg[a[0]], m.reg[a[1]]
				h, l := bits.Mul32(x, y)
				if op == "MULALU" {
					var c uint32
					l, c = bits.Add32(l, m.reg[lo], 0)
					h, _ = bits.Add32(h, m.reg[hi], c)
				}
				if err := m.setArm(lo, l); err != nil {
					return err
				}
				return m.setArm(hi, h)
			case "UMAAL": // montasm32.go on GOARM 6 and 7: a[0]:a[1] = lo, hi
				lo, hi := a[0], a[1]
				if lo == hi {
					return fmt.Errorf("UMAAL needs RdLo and RdHi distinct")
				}
				h, l := bits.Mul32(m.reg[a[2]], m.reg[a[3]])
				var c uint32
				l, c = bits.Add32(l, m.reg[lo], 0)
				h += c
				l, c = bits.Add32(l, m.reg[hi], 0)
				h += c
				if err := m.setArm(lo, l); err != nil {
					return err
				}
				return m.setArm(hi, h)
			case "MUL": // montasm32.go
				if a[2] == a[0] || a[2] == a[1] {
					return fmt.Errorf("ARMv5 needs Rd distinct from the factors")
				}
				return m.setArm(a[2], m.reg[a[0]]*m.reg[a[1]])
			case "MULA":
				if a[3] == a[1] {
					return fmt.Errorf("ARMv5 needs Rd and Rm distinct")
				}
				return m.setArm(a[3], m.reg[a[0]]*m.reg[a[1]]+m.reg[a[2]])
			case "RET":
				return nil
			}
			return fmt.Errorf("unknown instruction")
		}()
		if err != nil {
			return fmt.Errorf("arm line %d %v: %v", n, ins, err)
		}
	}
	if m.reg["R10"] != 0x5555 || m.reg["R13"] != simSP {
		return fmt.Errorf("R10 or R13 changed")
	}
	return nil
}

var x86Regs = []string{"AX", "BX", "CX", "DX", "SI", "DI", "BP"}

// x86Operand evaluates $imm, a register, off(reg), (reg) (SP: the frame)
// and Mult32's y+8(FP).
func (m *simMachine) x86Operand(a string) (uint32, error) {
	if a == "y+8(FP)" {
		return m.y, nil
	}
	if v, ok := simImm(a); ok {
		return v, nil
	}
	if addr, ok, err := m.addrOf(a); err != nil {
		return 0, err
	} else if ok {
		return m.load(addr)
	}
	if v, ok := m.reg[a]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("bad operand %s", a)
}

func (m *simMachine) x86Set(a string, v uint32) error {
	if addr, ok, err := m.addrOf(a); err != nil {
		return err
	} else if ok {
		m.store(addr, v)
		return nil
	}
	if a == "SP" {
		return fmt.Errorf("writes SP")
	}
	if _, ok := m.reg[a]; !ok {
		return fmt.Errorf("bad destination %s", a)
	}
	m.reg[a] = v
	return nil
}

func (m *simMachine) run386(body [][]string) error {
	for _, r := range x86Regs {
		m.reg[r] = 0xdeadbeef
	}
	m.reg["SP"] = simSP
	for n, ins := range body {
		op, a := ins[0], ins[1:]
		err := func() error {
			switch op {
			case "MOVL":
				if a[0] == "y+8(FP)" || strings.HasPrefix(a[0], "cond+") {
					return m.x86Set(a[1], m.y)
				}
				if p, ok := simArg(a[0]); ok {
					return m.x86Set(a[1], p)
				}
				v, err := m.x86Operand(a[0])
				if err != nil {
					return err
				}
				return m.x86Set(a[1], v)
			case "IMUL3L":
				x, err1 := m.x86Operand(a[0])
				y, err2 := m.x86Operand(a[1])
				if err1 != nil || err2 != nil {
					return fmt.Errorf("bad operands")
				}
				return m.x86Set(a[2], x*y)
			case "MULL":
				y, err := m.x86Operand(a[0])
				if err != nil {
					return err
				}
				m.reg["DX"], m.reg["AX"] = bits.Mul32(m.reg["AX"], y)
				return nil
			case "NEGL":
				x, err := m.x86Operand(a[0])
				if err != nil {
					return err
				}
				return m.x86Set(a[0], -x)
			case "ADDL", "ADCL", "SUBL", "SBBL", "ANDL", "XORL":
				x, err1 := m.x86Operand(a[0])
				y, err2 := m.x86Operand(a[1])
				if err1 != nil || err2 != nil {
					return fmt.Errorf("bad operands")
				}
				var z, c uint32
				switch op {
				case "ADDL":
					z, c = bits.Add32(y, x, 0)
				case "ADCL":
					if m.carry {
						c = 1
					}
					z, c = bits.Add32(y, x, c)
				case "SUBL": // CF is the borrow
					z, c = bits.Sub32(y, x, 0)
				case "SBBL":
					if m.carry {
						c = 1
					}
					z, c = bits.Sub32(y, x, c)
				case "ANDL":
					z = x & y
				case "XORL": // montasm32.go
					z = x ^ y
				}
				m.carry = c == 1
				return m.x86Set(a[1], z)
			case "SHLL", "SHRL":
				s, ok := simImm(a[0])
				if !ok || s == 0 || s > 31 {
					return fmt.Errorf("bad count")
				}
				dst := a[len(a)-1]
				v, err := m.x86Operand(dst)
				if err != nil {
					return err
				}
				switch {
				case op == "SHLL" && len(a) == 2:
					v <<= s
				case op == "SHRL" && len(a) == 2:
					v >>= s
				case op == "SHRL" && len(a) == 3:
					v = v>>s | m.reg[a[1]]<<(32-s)
				default:
					return fmt.Errorf("unknown form")
				}
				return m.x86Set(dst, v)
			case "RET":
				return nil
			}
			return fmt.Errorf("unknown instruction")
		}()
		if err != nil {
			return fmt.Errorf("386 line %d %v: %v", n, ins, err)
		}
	}
	if m.reg["SP"] != simSP {
		return fmt.Errorf("SP changed")
	}
	return nil
}

// goModel computes what the Go code of multiplyGeneric or squareGeneric
// computes: the plan's column sums in uint64, then emitWideCarry's 32-bit
// carries in its order (two interleaved chains, then the limbs that
// received a carry after their own).
func (r *unsatRep) goModel(square bool, a, b []uint32) ([]uint32, error) {
	n := r.n()
	pl, err := r.plan(square, r.lbound)
	if err != nil {
		return nil, err
	}
	h := n / 2
	// Operands: a3, b3, their Karatsuba sums aa3 = a3 + a(3+h), bb3, and
	// multiples of these, all in uint32 as the Go code computes them.
	val := func(o unsatOperand) uint32 {
		v, i := opnd(o.base)
		l := a
		if v[0] == 'b' {
			l = b
		}
		x := l[i]
		if len(v) == 2 {
			x += l[i+h]
		}
		return x * uint32(o.mult)
	}
	// Columns: each group's sum added to or subtracted from its columns,
	// in uint64 (modulo 2^64, as the Go code).
	col := make([]uint64, n)
	for _, g := range pl.groups {
		var sum uint64
		for _, p := range g.prods {
			sum += uint64(val(p.x)) * uint64(val(p.y))
		}
		for _, u := range g.uses {
			col[u.col] += sum * uint64(u.coef)
		}
	}
	return r.goCarryModel(col), nil
}

// goCarryModel carries the 64-bit columns as emitWideCarry's 32-bit Go code
// does: two interleaved chains, then the limbs that received a carry after
// their own.
func (r *unsatRep) goCarryModel(col []uint64) []uint32 {
	n, h := r.n(), r.n()/2
	var sched []int
	for i := 0; i < h; i++ {
		sched = append(sched, i, h+i)
	}
	dirty := map[int]bool{}
	carry := func(k int) {
		c := col[k] >> uint(r.width[k])
		col[k] &= uint64(1)<<uint(r.width[k]) - 1
		delete(dirty, k)
		for _, t := range r.carryTargets(k) {
			col[t.col] += c * uint64(t.coef)
			dirty[t.col] = true
		}
	}
	for _, k := range sched {
		carry(k)
	}
	var again []int
	for k := range dirty {
		again = append(again, k)
	}
	sort.Ints(again)
	for _, k := range again {
		carry(k)
	}
	out := make([]uint32, n)
	for k := range out {
		out[k] = uint32(col[k])
	}
	return out
}

// mult32Model computes what mult32Generic computes: a_k·y in uint64, then
// the same carries.
func (r *unsatRep) mult32Model(a []uint32, y uint32) []uint32 {
	col := make([]uint64, r.n())
	for k := range col {
		col[k] = uint64(a[k]) * uint64(y)
	}
	return r.goCarryModel(col)
}

func TestUnsatAsm32Sim(t *testing.T) {
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
			n := r.n()
			rnd := rand.New(rand.NewPCG(30, uint64(n)))
			// Inputs 0 … 5 are extreme (kinds 0, 1, 4 … 7), the others random.
			kinds := []int{0, 1, 4, 5, 6, 7}
			limbs := func(kind int) []uint32 {
				l := make([]uint32, n)
				for k := range l {
					switch kind {
					case 0:
						l[k] = uint32(r.lbound[k].Uint64())
					case 1:
						l[k] = uint32(r.bound[k].Uint64())
					case 4: // zero
					case 5: // every limb at its carry boundary 2^w
						l[k] = uint32(min(uint64(1)<<r.width[k], r.lbound[k].Uint64()))
					case 6: // loose maxima on odd limbs
						l[k] = uint32(r.lbound[k].Uint64()) * uint32(k%2)
					case 7: // loose maxima on the top half
						if k >= n/2 {
							l[k] = uint32(r.lbound[k].Uint64())
						}
					case 2:
						l[k] = uint32(rnd.Uint64N(r.lbound[k].Uint64() + 1))
					default:
						l[k] = uint32(rnd.Uint64N(r.bound[k].Uint64() + 1))
					}
				}
				return l
			}
			val := r.limbValue
			for _, square := range []bool{false, true} {
				name := r.typ + "MultiplyAsm"
				if square {
					name = r.typ + "SquareAsm"
				}
				armBody, err := simFunc(arm, name)
				if err != nil {
					t.Fatal(err)
				}
				x86Body, err := simFunc(x86, name)
				if err != nil {
					t.Fatal(err)
				}
				traces := map[string][]uint32{}
				for i := 0; i < 200; i++ {
					a, b := limbs(2+i%2), limbs(2+(i+1)%2)
					if i < len(kinds)*len(kinds) {
						a, b = limbs(kinds[i%len(kinds)]), limbs(kinds[i/len(kinds)])
					}
					if square {
						b = a
					}
					want, err := r.goModel(square, a, b)
					if err != nil {
						t.Fatal(err)
					}
					p := r.f.p
					if got := new(big.Int).Mod(val(want), p); got.Cmp(new(big.Int).Mod(new(big.Int).Mul(val(a), val(b)), p)) != 0 {
						t.Fatalf("%s: the Go model is wrong on %x, %x", name, a, b)
					}
					for _, arch := range []string{"arm", "386"} {
						m := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}}
						for k := 0; k < n; k++ {
							m.mem[simA+uint32(4*k)] = a[k]
							m.mem[simB+uint32(4*k)] = b[k]
						}
						run, body := m.runARM, armBody
						if arch == "386" {
							run, body = m.run386, x86Body
						}
						if err := run(body); err != nil {
							t.Fatalf("%s %s: %v", arch, name, err)
						}
						if err := sameTrace(traces, arch, m); err != nil {
							t.Fatalf("%s %s on %x · %x: %v", arch, name, a, b, err)
						}
						for k := 0; k < n; k++ {
							if got := m.mem[simV+uint32(4*k)]; got != want[k] {
								t.Fatalf("%s %s on %x · %x: limb %d = %#x, the Go code's %#x", arch, name, a, b, k, got, want[k])
							}
						}
					}
				}
			}
		}
	}
}

// TestSameTrace checks that sameTrace sees an address taken from the data:
// a table lookup indexed by a[0] (as a secret-indexed load would
// be), and not a fixed-address copy.
func TestSameTrace(t *testing.T) {
	lookup := [][]string{
		{"MOVW", "a+4(FP)", "R1"},
		{"MOVW", "(R1)", "R2"},
		{"BIC", "$3", "R2"},
		{"ADD", "R2", "R1"},
		{"MOVW", "(R1)", "R3"},
		{"MOVW", "v+0(FP)", "R0"},
		{"MOVW", "R3", "(R0)"},
	}
	fixed := append(append([][]string{}, lookup[:2]...), lookup[5:]...)
	for _, c := range []struct {
		name     string
		body     [][]string
		wantSame bool
	}{{"lookup", lookup, false}, {"fixed", fixed, true}} {
		traces := map[string][]uint32{}
		var err error
		for _, a0 := range []uint32{0, 4} {
			m := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{simA: a0, simA + 4: 7}}
			if err := m.runARM(c.body); err != nil {
				t.Fatal(err)
			}
			err = sameTrace(traces, "arm", m)
		}
		if (err == nil) != c.wantSame {
			t.Errorf("%s: sameTrace = %v", c.name, err)
		}
	}
}

// TestUnsatAsm32Mult32Sim runs the arm and 386 Mult32 text on the
// interpreters against mult32Model (itself checked against math/big) on
// limbs at the edges of the loose and tight bounds and random ones, with
// the ladder's 121666, the extremes of uint32 and random multipliers, and
// checks that the memory accesses do not depend on the data.
func TestUnsatAsm32Mult32Sim(t *testing.T) {
	eachAsm32Rep(t, "no representation has Mult32 assembly", (*unsatRep).asm32Mult32, func(f *unsatField, r *unsatRep, files map[string][]byte) {
		name := r.typ + "Mult32Asm"
		armBody, err := simFunc(string(files[f.pkg+"/zz_generated_"+r.typ+"_arm.s"]), name)
		if err != nil {
			t.Fatal(err)
		}
		x86Body, err := simFunc(string(files[f.pkg+"/zz_generated_"+r.typ+"_386.s"]), name)
		if err != nil {
			t.Fatal(err)
		}
		n := r.n()
		rnd := rand.New(rand.NewPCG(32, uint64(n)))
		limbs := func(kind int) []uint32 {
			l := make([]uint32, n)
			for k := range l {
				lb, tb := r.lbound[k].Uint64(), r.bound[k].Uint64()
				switch kind {
				case 0:
					l[k] = uint32(lb)
				case 1:
					l[k] = uint32(tb)
				case 2: // zero
				case 3:
					l[k] = uint32(min(uint64(1)<<r.width[k], lb))
				case 4:
					l[k] = uint32(lb) * uint32(k%2)
				case 5:
					l[k] = uint32(lb) * uint32((k+1)%2)
				case 6: // the chains' last limbs
					if k == n/2-1 || k == n-1 {
						l[k] = uint32(lb)
					}
				case 7:
					l[k] = uint32(rnd.Uint64N(lb + 1))
				default:
					l[k] = uint32(rnd.Uint64N(tb + 1))
				}
			}
			return l
		}
		val := r.limbValue
		ys := []uint32{0, 1, 2, 19, 38, 121665, 121666, 1<<31 - 1, 1 << 31, 0xffffffff}
		traces := map[string][]uint32{}
		for i := 0; i < 600; i++ {
			a := limbs(i % 9)
			y := ys[i%len(ys)]
			if i >= 9*len(ys) {
				y = rnd.Uint32()
			}
			want := r.mult32Model(a, y)
			p := r.f.p
			for k := range want {
				if uint64(want[k]) > r.bound[k].Uint64() {
					t.Fatalf("%s: the Go model's limb %d = %#x exceeds the tight bound on %x·%d", name, k, want[k], a, y)
				}
			}
			if got := new(big.Int).Mod(val(want), p); got.Cmp(new(big.Int).Mod(new(big.Int).Mul(val(a), new(big.Int).SetUint64(uint64(y))), p)) != 0 {
				t.Fatalf("%s: the Go model is wrong on %x·%d", name, a, y)
			}
			for _, arch := range []string{"arm", "386"} {
				m := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}, y: y}
				for k := 0; k < n; k++ {
					m.mem[simA+uint32(4*k)] = a[k]
				}
				body := armBody
				if arch == "386" {
					body = x86Body
				}
				simRunCheck(t, m, arch, name, fmt.Sprintf("%x·%d", a, y), body, traces, want)
			}
		}
	})
}

// TestUnsatAsm32LooseSim runs the arm and 386 loose Add and Subtract on the
// interpreters against the Go code's limbs (a_k + b_k, a_k + k·p_k − b_k in
// uint32), checked against math/big and the loose bounds, on tight limbs at
// their edges and random, and checks that the accesses do not depend on the
// data.
func TestUnsatAsm32LooseSim(t *testing.T) {
	ran := false
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if !r.asm32 {
				continue
			}
			files, err := r.asm32Generate()
			if err != nil {
				t.Fatal(err)
			}
			n := r.n()
			rnd := rand.New(rand.NewPCG(33, uint64(n)))
			limbs := func(kind int) []uint32 {
				l := make([]uint32, n)
				for k := range l {
					tb := r.bound[k].Uint64()
					switch kind {
					case 0:
						l[k] = uint32(tb)
					case 1: // zero
					case 2:
						l[k] = uint32(tb) * uint32(k%2)
					case 3:
						l[k] = uint32(min(uint64(1)<<r.width[k], tb))
					default:
						l[k] = uint32(rnd.Uint64N(tb + 1))
					}
				}
				return l
			}
			for _, sub := range []bool{false, true} {
				name := r.typ + "LooseAddAsm"
				if sub {
					name = r.typ + "LooseSubtractAsm"
				}
				// A loose form that carries runs the tight routine
				// (TestUnsatAsm32CarriedSim).
				if sub && (!r.asm32LooseSub() || r.looseSubCarry) || !sub && (!r.asm32LooseAdd() || r.looseAddCarry) {
					continue
				}
				ran = true
				armBody, err := simFunc(string(files[f.pkg+"/zz_generated_"+r.typ+"_arm.s"]), name)
				if err != nil {
					t.Fatal(err)
				}
				x86Body, err := simFunc(string(files[f.pkg+"/zz_generated_"+r.typ+"_386.s"]), name)
				if err != nil {
					t.Fatal(err)
				}
				traces := map[string][]uint32{}
				for i := 0; i < 300; i++ {
					a, b := limbs(i%5), limbs((i/5)%5)
					want := make([]uint32, n)
					for k := range want {
						if sub {
							want[k] = a[k] + uint32(r.subLimb(k).Uint64()) - b[k]
						} else {
							want[k] = a[k] + b[k]
						}
						if uint64(want[k]) > r.lbound[k].Uint64() {
							t.Fatalf("%s: limb %d = %#x exceeds the loose bound", name, k, want[k])
						}
					}
					simCheckAddSub(t, r, name, sub, a, b, want, armBody, x86Body, traces)
				}
			}
		}
	}
	if !ran {
		t.Fatal("no representation has loose assembly")
	}
}

// TestUnsatAsm32SwapSim runs the arm and 386 Swap on the interpreters
// (simSwapSelect) on edge and random limbs.
func TestUnsatAsm32SwapSim(t *testing.T) {
	eachAsm32Rep(t, "no representation has Swap assembly", (*unsatRep).asm32Swap, func(f *unsatField, r *unsatRep, files map[string][]byte) {
		n := r.n()
		rnd := rand.New(rand.NewPCG(34, uint64(n)))
		simSwapSelect(t, files, f.pkg+"/zz_generated_"+r.typ, r.typ+"SwapAsm", false, n, 200, func(i int) (v, u []uint32) {
			v, u = make([]uint32, n), make([]uint32, n)
			for k := range v {
				switch i % 4 {
				case 0:
					v[k], u[k] = uint32(r.lbound[k].Uint64()), 0
				case 1:
					v[k], u[k] = 0xffffffff, uint32(r.bound[k].Uint64())
				default:
					v[k], u[k] = rnd.Uint32(), rnd.Uint32()
				}
			}
			return v, u
		})
	})
}

// simSwapSelect runs name from base's _arm.s (where files has it) and
// _386.s on the interpreters, iters times with x, y = words(i) and cond =
// i/4 mod 2: Swap (sel false) on v = x, u = y, which must come back
// swapped exactly when cond is 1; Select (sel true) of a = x, b = y into v,
// also with v aliasing a and b, which must be x when cond is 1 and y when
// it is 0. The accesses must depend on neither the words nor cond.
func simSwapSelect(t *testing.T, files map[string][]byte, base, name string, sel bool, n, iters int, words func(i int) (x, y []uint32)) {
	t.Helper()
	type variant struct {
		arch, alias string
		body        [][]string
	}
	var vs []variant
	for _, arch := range []string{"arm", "386"} {
		text, ok := files[base+"_"+arch+".s"]
		if !ok {
			if arch == "386" {
				t.Fatalf("%s: no 386 text", base)
			}
			continue
		}
		body, err := simFunc(string(text), name)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, variant{arch, "", body})
		if !sel {
			continue
		}
		for _, arg := range []string{"a+4(FP)", "b+8(FP)"} {
			out := make([][]string, len(body))
			for i, ins := range body {
				out[i] = slices.Clone(ins)
				for k := range out[i] {
					out[i][k] = strings.ReplaceAll(out[i][k], "v+0(FP)", arg)
				}
			}
			vs = append(vs, variant{arch, arg, out})
		}
	}
	traces := map[string][]uint32{}
	for i := 0; i < iters; i++ {
		x, y := words(i)
		cond := uint32(i/4) % 2
		for _, v := range vs {
			m := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}, y: cond}
			var xAt, yAt, out uint32 = simV, simA, simV
			if sel {
				xAt, yAt = simA, simB
				switch v.alias {
				case "a+4(FP)":
					out = simA
				case "b+8(FP)":
					out = simB
				default:
					for k := 0; k < n; k++ {
						m.mem[simV+uint32(4*k)] = 0x5a5a5a5a
					}
				}
			}
			for k := 0; k < n; k++ {
				m.mem[xAt+uint32(4*k)] = x[k]
				m.mem[yAt+uint32(4*k)] = y[k]
			}
			run := m.runARM
			if v.arch == "386" {
				run = m.run386
			}
			if err := run(v.body); err != nil {
				t.Fatalf("%s %s: %v", v.arch, name, err)
			}
			if err := sameTrace(traces, v.arch+v.alias, m); err != nil {
				t.Fatalf("%s %s (v at %q) on %x, %x, %d: %v", v.arch, name, v.alias, x, y, cond, err)
			}
			wantX, wantY := x, y
			if cond == 1 {
				wantX, wantY = y, x
			}
			for k := 0; k < n; k++ {
				if sel {
					want := y[k]
					if cond == 1 {
						want = x[k]
					}
					if got := m.mem[out+uint32(4*k)]; got != want {
						t.Fatalf("%s %s (v at %q) on %x, %x, cond %d: word %d = %#x", v.arch, name, v.alias, x, y, cond, k, got)
					}
				} else if gx, gy := m.mem[simV+uint32(4*k)], m.mem[simA+uint32(4*k)]; gx != wantX[k] || gy != wantY[k] {
					t.Fatalf("%s %s on %x, %x, cond %d: limb %d = %#x, %#x", v.arch, name, x, y, cond, k, gx, gy)
				}
			}
		}
	}
}

// carriedModel computes what the Go code of the tight Add or Subtract
// computes: t_k = a_k + b_k or a_k + k·p_k − b_k in uint32, then one
// parallel carry, v_k = t_k mod 2^w_k plus the carries into k.
func (r *unsatRep) carriedModel(sub bool, a, b []uint32) []uint32 {
	n := r.n()
	t := make([]uint32, n)
	for k := range t {
		if sub {
			t[k] = a[k] + uint32(r.subLimb(k).Uint64()) - b[k]
		} else {
			t[k] = a[k] + b[k]
		}
	}
	v := make([]uint32, n)
	for k := range v {
		v[k] += t[k] & uint32(unsatMaxWord(r.width[k]).Uint64())
		for _, u := range r.carryTargets(k) {
			v[u.col] += t[k] >> r.width[k] * uint32(u.coef)
		}
	}
	return v
}

// TestUnsatAsm32CarriedSim runs the arm and 386 carried Add and Subtract
// (the tight ones, and the loose Subtract of a loose form that carries) on
// the interpreters against carriedModel, checked against math/big and the
// tight bounds, on tight limbs at their edges (every pair of edge states)
// and random, and checks that the accesses do not depend on the data.
func TestUnsatAsm32CarriedSim(t *testing.T) {
	eachAsm32Rep(t, "no representation has carried Add/Subtract assembly", (*unsatRep).asm32AddSub, func(f *unsatField, r *unsatRep, files map[string][]byte) {
		n := r.n()
		rnd := rand.New(rand.NewPCG(35, uint64(n)))
		const edges = 8
		limbs := func(kind int) []uint32 {
			l := make([]uint32, n)
			for k := range l {
				tb := r.bound[k].Uint64()
				w := uint64(1) << r.width[k]
				switch kind {
				case 0:
					l[k] = uint32(tb)
				case 1: // zero
				case 2:
					l[k] = uint32(tb) * uint32(k%2)
				case 3:
					l[k] = uint32(min(w, tb))
				case 4:
					l[k] = uint32(w - 1)
				case 5: // the top limb only
					if k == n-1 {
						l[k] = uint32(tb)
					}
				case 6: // all but the top limb
					if k != n-1 {
						l[k] = uint32(tb)
					}
				case 7: // the chains' last limbs
					if k == n/2-1 || k == n-1 {
						l[k] = uint32(tb)
					}
				default:
					l[k] = uint32(rnd.Uint64N(tb + 1))
				}
			}
			return l
		}
		for _, sub := range []bool{false, true} {
			name := r.typ + "AddAsm"
			if sub {
				name = r.typ + "SubtractAsm"
			}
			armBody, err := simFunc(string(files[f.pkg+"/zz_generated_"+r.typ+"_arm.s"]), name)
			if err != nil {
				t.Fatal(err)
			}
			x86Body, err := simFunc(string(files[f.pkg+"/zz_generated_"+r.typ+"_386.s"]), name)
			if err != nil {
				t.Fatal(err)
			}
			traces := map[string][]uint32{}
			for i := 0; i < 400; i++ {
				a, b := limbs(edges+i%3), limbs(edges+(i+1)%3)
				if i < edges*edges {
					a, b = limbs(i%edges), limbs(i/edges)
				}
				want := r.carriedModel(sub, a, b)
				for k := range want {
					if uint64(want[k]) > r.bound[k].Uint64() {
						t.Fatalf("%s: limb %d = %#x exceeds the tight bound", name, k, want[k])
					}
				}
				simCheckAddSub(t, r, name, sub, a, b, want, armBody, x86Body, traces)
			}
		}
	})
}

// limbValue is the integer the limbs l stand for, Σ l_k·2^off_k.
func (r *unsatRep) limbValue(l []uint32) *big.Int {
	x := new(big.Int)
	for k := len(l) - 1; k >= 0; k-- {
		x.Add(x, new(big.Int).Lsh(big.NewInt(int64(l[k])), uint(r.off[k])))
	}
	return x
}

// TestUnsatAsm32NegateSim runs the arm and 386 Negate and CondNegate on the
// interpreters against carriedModel (k·p − a, the Subtract of 0) and, for
// CondNegate, the Go code's masked select, with cond 0 and 1 on tight
// limbs at their edges and random, checked against math/big and the tight
// bounds, under one address trace per routine.
func TestUnsatAsm32NegateSim(t *testing.T) {
	eachAsm32Rep(t, "no representation has Negate assembly", (*unsatRep).asm32AddSub, func(f *unsatField, r *unsatRep, files map[string][]byte) {
		n := r.n()
		rnd := rand.New(rand.NewPCG(37, uint64(n)))
		p := r.f.p
		for _, cond := range []bool{false, true} {
			name := r.typ + "NegateAsm"
			if cond {
				name = r.typ + "CondNegateAsm"
			}
			bodies := map[string][][]string{}
			for _, arch := range []string{"arm", "386"} {
				body, err := simFunc(string(files[f.pkg+"/zz_generated_"+r.typ+"_"+arch+".s"]), name)
				if err != nil {
					t.Fatal(err)
				}
				bodies[arch] = body
			}
			traces := map[string][]uint32{}
			for i := 0; i < 300; i++ {
				a := make([]uint32, n)
				for k := range a {
					tb := r.bound[k].Uint64()
					switch i % 6 {
					case 0:
						a[k] = uint32(tb)
					case 1: // zero
					case 2:
						a[k] = uint32(min(tb, uint64(1)<<r.width[k]-1))
					case 3:
						if k == n-1 {
							a[k] = uint32(tb)
						}
					default:
						a[k] = uint32(rnd.Uint64N(tb + 1))
					}
				}
				c := uint32(i/6) % 2
				want := r.carriedModel(true, make([]uint32, n), a)
				if new(big.Int).Mod(new(big.Int).Add(r.limbValue(want), r.limbValue(a)), p).Sign() != 0 {
					t.Fatalf("%s: the Go model is wrong on %x", name, a)
				}
				for k := range want {
					if uint64(want[k]) > r.bound[k].Uint64() {
						t.Fatalf("%s: limb %d = %#x exceeds the tight bound", name, k, want[k])
					}
				}
				if cond && c == 0 {
					want = a
				}
				for _, arch := range []string{"arm", "386"} {
					m := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}, y: c}
					at := uint32(simA)
					if cond {
						at = simV
					}
					for k := 0; k < n; k++ {
						m.mem[at+uint32(4*k)] = a[k]
					}
					simRunCheck(t, m, arch, name, fmt.Sprintf("%x, cond %d", a, c), bodies[arch], traces, want)
				}
			}
		}
	})
}

// simCheckAddSub checks the model's limbs want against a ± b mod p, then
// runs the arm and 386 bodies of name on a and b and requires want and the
// address trace of the earlier inputs.
func simCheckAddSub(t *testing.T, r *unsatRep, name string, sub bool, a, b, want []uint32, armBody, x86Body [][]string, traces map[string][]uint32) {
	t.Helper()
	val, n := r.limbValue, len(a)
	wantMod := new(big.Int).Add(val(a), val(b))
	if sub {
		wantMod.Sub(val(a), val(b))
	}
	p := r.f.p
	if new(big.Int).Mod(val(want), p).Cmp(wantMod.Mod(wantMod, p)) != 0 {
		t.Fatalf("%s: the Go model is wrong on %x, %x", name, a, b)
	}
	for _, arch := range []string{"arm", "386"} {
		m := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}}
		for k := 0; k < n; k++ {
			m.mem[simA+uint32(4*k)] = a[k]
			m.mem[simB+uint32(4*k)] = b[k]
		}
		body := armBody
		if arch == "386" {
			body = x86Body
		}
		simRunCheck(t, m, arch, name, fmt.Sprintf("%x, %x", a, b), body, traces, want)
	}
}

// simRunCheck runs body on m for arch (arm or 386), requires the address
// trace recorded under arch in traces, and v's n words at simV to be
// want's; what names the inputs in a failure.
func simRunCheck(t *testing.T, m *simMachine, arch, name, what string, body [][]string, traces map[string][]uint32, want []uint32) {
	t.Helper()
	run := m.runARM
	if arch == "386" {
		run = m.run386
	}
	if err := run(body); err != nil {
		t.Fatalf("%s %s: %v", arch, name, err)
	}
	if err := sameTrace(traces, arch, m); err != nil {
		t.Fatalf("%s %s on %s: %v", arch, name, what, err)
	}
	for k := range want {
		if got := m.mem[simV+uint32(4*k)]; got != want[k] {
			t.Fatalf("%s %s on %s: limb %d = %#x, the Go code's %#x", arch, name, what, k, got, want[k])
		}
	}
}

// eachAsm32Rep runs fn on every unsaturated representation for which on is
// true, with its generated files, and fails with what if there is none.
func eachAsm32Rep(t *testing.T, what string, on func(*unsatRep) bool, fn func(f *unsatField, r *unsatRep, files map[string][]byte)) {
	t.Helper()
	ran := false
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if !on(r) {
				continue
			}
			ran = true
			files, err := r.asm32Generate()
			if err != nil {
				t.Fatal(err)
			}
			fn(f, r, files)
		}
	}
	if !ran {
		t.Fatal(what)
	}
}
