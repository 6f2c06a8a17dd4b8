package amd64sim

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// region is one allocation: a buffer, a DATA symbol or the stack.
type region struct {
	base uint64
	b    []byte
	set  []bool // written (or given a value by the caller)
	ro   bool
	name string
}

// Machine runs a Program's routines on its own memory. It is not safe for
// concurrent use; make one per goroutine.
type Machine struct {
	prog    *Program
	regions []*region
	last    *region
	next    uint64 // next free address
	stack   *region
	syms    map[string]uint64

	r    [numGP]uint64
	y    [numY][4]uint64
	rset [numGP + numY]bool

	// flags: 0, 1, or −1 when the last instruction that touched the
	// flag left it undefined (or nothing has set it since the call)
	cf, of, zf, sf int8

	// Steps counts the instructions run since the Machine was made.
	Steps int
	// MaxSteps bounds one Call (a runaway loop is an error); 0 means
	// 50 million.
	MaxSteps int
}

const (
	stackSize = 1 << 14
	gap       = 1 << 12 // unmapped bytes between allocations
)

// New returns a machine for p, with its DATA symbols in memory.
func New(p *Program) *Machine {
	m := &Machine{prog: p, next: 1 << 16, syms: map[string]uint64{}}
	m.stack = m.alloc(stackSize, "stack")
	for name, d := range p.data {
		r := m.alloc(d.size, name)
		copy(r.b, d.bytes)
		copy(r.set, d.set)
		r.ro = d.ro
		m.syms[name] = r.base
	}
	return m
}

func (m *Machine) alloc(n int, name string) *region {
	r := &region{base: m.next, b: make([]byte, n), set: make([]bool, n), name: name}
	m.next += uint64(n+gap+7) &^ 7
	m.regions = append(m.regions, r)
	return r
}

// Alloc returns the address of n fresh bytes that read as unset until
// written.
func (m *Machine) Alloc(n int) uint64 { return m.alloc(n, "buffer").base }

// Words allocates len(w) words holding w (little-endian).
func (m *Machine) Words(w ...uint64) uint64 {
	a := m.Alloc(8 * len(w))
	if err := m.SetWords(a, w); err != nil {
		panic(err)
	}
	return a
}

// Bytes allocates len(b) bytes holding b.
func (m *Machine) Bytes(b []byte) uint64 {
	a := m.Alloc(len(b))
	r, off, err := m.find(a, len(b))
	if err != nil {
		panic(err)
	}
	copy(r.b[off:], b)
	for i := range b {
		r.set[off+i] = true
	}
	return a
}

// SetWords writes w at address a.
func (m *Machine) SetWords(a uint64, w []uint64) error {
	for i, v := range w {
		if err := m.store(a+uint64(8*i), 8, v, true); err != nil {
			return err
		}
	}
	return nil
}

// ReadWords reads n words at address a; a word nobody wrote is an error.
func (m *Machine) ReadWords(a uint64, n int) ([]uint64, error) {
	out := make([]uint64, n)
	for i := range out {
		v, err := m.load(a+uint64(8*i), 8)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (m *Machine) find(a uint64, n int) (*region, int, error) {
	if r := m.last; r != nil && a >= r.base && a+uint64(n) <= r.base+uint64(len(r.b)) {
		return r, int(a - r.base), nil
	}
	// The regions are in address order: the last one starting at or
	// below a is the only candidate.
	i := sort.Search(len(m.regions), func(i int) bool { return m.regions[i].base > a }) - 1
	if i >= 0 {
		if r := m.regions[i]; a+uint64(n) <= r.base+uint64(len(r.b)) {
			m.last = r
			return r, int(a - r.base), nil
		}
	}
	return nil, 0, fmt.Errorf("access of %d bytes at %#x is outside every allocation", n, a)
}

func (m *Machine) load(a uint64, n int) (uint64, error) {
	r, off, err := m.find(a, n)
	if err != nil {
		return 0, err
	}
	if r == m.stack && a < m.r[regSP] {
		return 0, fmt.Errorf("read at %#x, below SP (%#x)", a, m.r[regSP])
	}
	for k := 0; k < n; k++ {
		if !r.set[off+k] {
			return 0, fmt.Errorf("read of unset memory: %s+%d", r.name, off+k)
		}
	}
	switch n {
	case 8:
		return binary.LittleEndian.Uint64(r.b[off:]), nil
	case 4:
		return uint64(binary.LittleEndian.Uint32(r.b[off:])), nil
	case 1:
		return uint64(r.b[off]), nil
	}
	return 0, fmt.Errorf("bad access size %d", n)
}

// store writes the n low bytes of v at a; host writes may go to
// read-only data.
func (m *Machine) store(a uint64, n int, v uint64, host bool) error {
	r, off, err := m.find(a, n)
	if err != nil {
		return err
	}
	if r.ro && !host {
		return fmt.Errorf("write to read-only %s", r.name)
	}
	if r == m.stack && !host && a < m.r[regSP] {
		return fmt.Errorf("write at %#x, below SP (%#x)", a, m.r[regSP])
	}
	for k := 0; k < n; k++ {
		r.b[off+k] = byte(v >> (8 * k))
		r.set[off+k] = true
	}
	return nil
}

// frameRec is one active routine.
type frameRec struct {
	rt  *routine
	pc  int
	fp  uint64 // address of the first argument
	ret uint64 // the return address's slot
}

// retMagic marks return addresses and saved BPs on the stack.
const retMagic = 0x5245545f41444452 // "RDDA_TER"

// Call runs routine name with the given argument words (Go's ABI0: the
// words at 0(FP), 8(FP), …; a 32-bit argument is the low half of its
// word), from a fresh register file and undefined flags, to its RET.
func (m *Machine) Call(name string, args ...uint64) error {
	return m.CallRegs(name, nil, args...)
}

// CallRegs is Call with the general registers in regs set on entry, for
// the internal subroutines that take their operands in registers.
func (m *Machine) CallRegs(name string, regs map[string]uint64, args ...uint64) error {
	rt := m.prog.routines[name]
	if rt == nil {
		return fmt.Errorf("amd64sim: no routine %s", name)
	}
	if want := (rt.args + 7) / 8; len(args) != want {
		return fmt.Errorf("amd64sim: %s takes %d argument words, got %d", name, want, len(args))
	}
	clear(m.stack.set)
	m.rset = [numGP + numY]bool{}
	m.cf, m.of, m.zf, m.sf = -1, -1, -1, -1
	for name, v := range regs {
		r, ok := regNames[name]
		if !ok || r == regSP {
			return fmt.Errorf("amd64sim: %s is not a general register", name)
		}
		m.r[r], m.rset[r] = v, true
	}
	top := m.stack.base + uint64(len(m.stack.b))
	sp := top - 8*uint64(len(args)) - 8
	m.r[regSP], m.rset[regSP] = sp, true
	for i, a := range args {
		if err := m.store(sp+8+8*uint64(i), 8, a, true); err != nil {
			return err
		}
	}
	if err := m.store(sp, 8, retMagic, true); err != nil {
		return err
	}
	if err := m.run(rt); err != nil {
		return fmt.Errorf("amd64sim: %s: %w", name, err)
	}
	return nil
}

// enter sets up rt's frame below the return address at SP.
func (m *Machine) enter(rt *routine) (frameRec, error) {
	f := frameRec{rt: rt, ret: m.r[regSP], fp: m.r[regSP] + 8}
	if rt.frame > 0 {
		// SUBQ $frame+8, SP; MOVQ BP, frame(SP), as the Go assembler does.
		m.r[regSP] -= uint64(rt.frame) + 8
		if m.r[regSP] < m.stack.base {
			return f, fmt.Errorf("stack overflow")
		}
		if err := m.store(m.r[regSP]+uint64(rt.frame), 8, retMagic^1, false); err != nil {
			return f, err
		}
	}
	return f, nil
}

// leave undoes enter and checks the saved words.
func (m *Machine) leave(f frameRec) error {
	if f.rt.frame > 0 {
		if v, err := m.load(m.r[regSP]+uint64(f.rt.frame), 8); err != nil || v != retMagic^1 {
			return fmt.Errorf("RET: the saved BP was overwritten")
		}
		m.r[regSP] += uint64(f.rt.frame) + 8
	}
	if m.r[regSP] != f.ret {
		return fmt.Errorf("RET: SP moved")
	}
	if v, err := m.load(f.ret, 8); err != nil || v != retMagic {
		return fmt.Errorf("RET: the return address was overwritten")
	}
	m.r[regSP] += 8
	return nil
}

func (m *Machine) run(rt *routine) error {
	limit := m.MaxSteps
	if limit == 0 {
		limit = 50_000_000
	}
	steps := 0
	f, err := m.enter(rt)
	if err != nil {
		return err
	}
	var stack []frameRec
	for {
		if f.pc >= len(f.rt.insts) {
			return fmt.Errorf("%s: ran off the end", f.rt.name)
		}
		in := &f.rt.insts[f.pc]
		if steps++; steps > limit {
			return fmt.Errorf("%s: more than %d instructions (a runaway loop?)", f.rt.name, limit)
		}
		f.pc++
		switch in.code {
		case opRET:
			if err := m.leave(f); err != nil {
				return fmt.Errorf("line %d: %s: %v", in.line, in.text, err)
			}
			if len(stack) == 0 {
				m.Steps += steps
				return nil
			}
			f, stack = stack[len(stack)-1], stack[:len(stack)-1]
			continue
		case opCALL:
			m.r[regSP] -= 8
			if err := m.store(m.r[regSP], 8, retMagic, false); err != nil {
				return fmt.Errorf("line %d: %s: %v", in.line, in.text, err)
			}
			stack = append(stack, f)
			if f, err = m.enter(in.callee); err != nil {
				return fmt.Errorf("line %d: %s: %v", in.line, in.text, err)
			}
			continue
		case opJMP:
			f.pc = in.target
			continue
		case opJcc:
			t, err := m.cond(in.cc)
			if err != nil {
				return fmt.Errorf("line %d: %s: %v", in.line, in.text, err)
			}
			if t {
				f.pc = in.target
			}
			continue
		}
		if err := m.exec(in, f.fp); err != nil {
			return fmt.Errorf("line %d: %s: %v", in.line, in.text, err)
		}
	}
}

// Reg returns a general register's value after a call; a register the
// call did not write (or was not given) is an error.
func (m *Machine) Reg(name string) (uint64, error) {
	r, ok := regNames[name]
	if !ok {
		return 0, fmt.Errorf("amd64sim: no register %s", name)
	}
	if !m.rset[r] {
		return 0, fmt.Errorf("amd64sim: %s is unset", name)
	}
	return m.r[r], nil
}
