package field

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// asmMachine runs the few instructions the assembly generator emits, on
// 64-bit registers and a word-addressed memory, so that the generated code
// is checked against math/big on any machine (the field25519 tests compare
// it with the Go code on amd64).
type asmMachine struct {
	reg   map[string]uint64
	mem   map[uint64]uint64
	args  map[string]uint64 // v, a, b → address
	carry int               // CF: 0 or 1 after ADDQ/ADCQ/SUBQ/SBBQ, −1 after anything else that sets flags
	zero  int               // ZF after DECQ: 0 or 1, −1 after anything else that sets flags
	steps int               // instructions run, to stop a runaway loop
}

func (m *asmMachine) addr(s string) (uint64, error) {
	if i := strings.Index(s, "("); i >= 0 && strings.HasSuffix(s, ")") {
		off := int64(0)
		if i > 0 {
			var err error
			if off, err = strconv.ParseInt(s[:i], 0, 64); err != nil {
				return 0, err
			}
		}
		base, ok := m.reg[s[i+1:len(s)-1]]
		if !ok {
			return 0, fmt.Errorf("bad base in %s", s)
		}
		return base + uint64(off), nil
	}
	return 0, fmt.Errorf("not a memory operand: %s", s)
}

func (m *asmMachine) read(s string) (uint64, error) {
	switch {
	case strings.HasPrefix(s, "$"):
		return strconv.ParseUint(s[1:], 0, 64)
	case strings.HasSuffix(s, "(FP)"):
		name, _, _ := strings.Cut(s, "+")
		a, ok := m.args[name]
		if !ok {
			return 0, fmt.Errorf("unknown argument %s", s)
		}
		return a, nil
	case strings.Contains(s, "("):
		a, err := m.addr(s)
		if err != nil {
			return 0, err
		}
		v, ok := m.mem[a]
		if !ok {
			return 0, fmt.Errorf("read of unset memory %s", s)
		}
		return v, nil
	}
	v, ok := m.reg[s]
	if !ok {
		return 0, fmt.Errorf("read of unset register %s", s)
	}
	return v, nil
}

func (m *asmMachine) write(s string, v uint64) error {
	if strings.Contains(s, "(") {
		a, err := m.addr(s)
		if err != nil {
			return err
		}
		m.mem[a] = v
		return nil
	}
	m.reg[s] = v
	return nil
}

// run executes the body of TEXT ·name in src.
func (m *asmMachine) run(src, name string) error {
	_, body, ok := strings.Cut(src, "TEXT ·"+name+"(SB)")
	if !ok {
		return fmt.Errorf("%s not found", name)
	}
	lines := strings.Split(body, "\n")[1:]
	labels := map[string]int{}
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "TEXT") {
			break
		}
		if l, ok := strings.CutSuffix(line, ":"); ok {
			labels[l] = i
		}
	}
	m.zero = -1
	for pc := 0; pc < len(lines); pc++ {
		line := strings.TrimSpace(lines[pc])
		if line == "" || strings.HasPrefix(line, "//") || strings.HasSuffix(line, ":") {
			continue
		}
		if m.steps++; m.steps > 1e6 {
			return fmt.Errorf("%s: runaway loop", name)
		}
		if op, l, _ := strings.Cut(line, " "); op == "JNZ" {
			to, ok := labels[strings.TrimSpace(l)]
			if !ok || m.zero < 0 {
				return fmt.Errorf("%s: bad label or no DECQ before it", line)
			}
			if m.zero == 0 {
				pc = to
			}
			continue
		}
		if m.zero >= 0 && !strings.HasPrefix(line, "MOVQ") {
			m.zero = -1 // flags clobbered between DECQ and JNZ
		}
		op, rest, _ := strings.Cut(line, " ")
		var a []string
		for _, f := range strings.Split(rest, ",") {
			if f = strings.TrimSpace(f); f != "" {
				a = append(a, f)
			}
		}
		x := make([]uint64, len(a))
		for i := range a {
			if i == len(a)-1 && (op == "MOVQ" || op == "MOVL" || op == "IMUL3Q") {
				break // written, not read
			}
			if op == "XORQ" && len(a) == 2 && a[0] == a[1] {
				break // zeroing: the register need not be set
			}
			var err error
			if x[i], err = m.read(a[i]); err != nil {
				return fmt.Errorf("%s: %v", line, err)
			}
		}
		var err error
		switch {
		case op == "RET":
			return nil
		case strings.HasPrefix(op, "TEXT"):
			return fmt.Errorf("%s: no RET", name)
		case op == "MOVQ" && len(a) == 2:
			err = m.write(a[1], x[0])
		case op == "MOVL" && len(a) == 2 && strings.HasSuffix(a[0], "(FP)") && !strings.Contains(a[1], "("):
			err = m.write(a[1], x[0]&0xffffffff) // a 32-bit argument, zero-extended

		case op == "DECQ" && len(a) == 1 && strings.HasSuffix(a[0], "(FP)"):
			name, _, _ := strings.Cut(a[0], "+")
			m.args[name]--
			m.zero, m.carry = 0, -1
			if m.args[name] == 0 {
				m.zero = 1
			}
		case op == "MULQ" && len(a) == 1:
			hi, lo := bits.Mul64(m.reg["AX"], x[0])
			m.reg["DX"], m.reg["AX"], m.carry = hi, lo, -1
		case op == "IMUL3Q" && len(a) == 3:
			err = m.write(a[2], x[0]*x[1])
			m.carry = -1
		case op == "ADDQ" && len(a) == 2:
			s, c := bits.Add64(x[1], x[0], 0)
			err = m.write(a[1], s)
			m.carry = int(c)
		case op == "ADCQ" && len(a) == 2:
			if m.carry < 0 {
				return fmt.Errorf("%s: ADCQ without a carry from ADDQ/ADCQ", line)
			}
			s, c := bits.Add64(x[1], x[0], uint64(m.carry))
			err = m.write(a[1], s)
			m.carry = int(c)
		case op == "SUBQ" && len(a) == 2:
			d, b := bits.Sub64(x[1], x[0], 0)
			err = m.write(a[1], d)
			m.carry = int(b)
		case op == "SBBQ" && len(a) == 2:
			if m.carry < 0 {
				return fmt.Errorf("%s: SBBQ without a borrow from SUBQ/SBBQ", line)
			}
			d, b := bits.Sub64(x[1], x[0], uint64(m.carry))
			err = m.write(a[1], d)
			m.carry = int(b)
		case op == "XORQ" && len(a) == 2:
			err = m.write(a[1], x[1]^x[0])
			m.carry = -1
		case op == "ORQ" && len(a) == 2:
			err = m.write(a[1], x[1]|x[0])
			m.carry = -1
		case op == "ANDQ" && len(a) == 2:
			err = m.write(a[1], x[1]&x[0])
			m.carry = -1
		case op == "SHRQ" && len(a) == 2:
			err = m.write(a[1], x[1]>>x[0])
			m.carry = -1
		case op == "SHLQ" && len(a) == 2:
			err = m.write(a[1], x[1]<<x[0])
			m.carry = -1
		case op == "SHLQ" && len(a) == 3: // dst = dst<<n | src>>(64−n)
			err = m.write(a[2], x[2]<<x[0]|x[1]>>(64-x[0]))
			m.carry = -1
		default:
			return fmt.Errorf("unknown instruction %q", line)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", line, err)
		}
	}
	return fmt.Errorf("%s: no RET", name)
}

// TestUnsatAsm runs the generated assembly of every asm representation on
// loose inputs (random, at the bounds, zero), with and without aliasing, and
// checks the result against math/big and the tight bounds.
func TestUnsatAsm(t *testing.T) {
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if !r.asm {
				continue
			}
			files, err := r.asmGenerate()
			if err != nil {
				t.Fatal(err)
			}
			var src string
			for name, b := range files {
				if strings.HasSuffix(name, ".s") {
					src = string(b)
				}
			}
			n := r.n()
			value := func(l []uint64) *big.Int {
				v := new(big.Int)
				for k := range l {
					v.Add(v, new(big.Int).Lsh(new(big.Int).SetUint64(l[k]), uint(r.off[k])))
				}
				return v
			}
			lb := make([]uint64, n)
			for k := range lb {
				lb[k] = r.lbound[k].Uint64()
			}
			rnd := rand.New(rand.NewPCG(1, 2))
			inputs := [][]uint64{lb, make([]uint64, n)}
			for range 300 {
				l := make([]uint64, n)
				for k := range l {
					l[k] = rnd.Uint64N(lb[k] + 1)
				}
				inputs = append(inputs, l)
			}
			for i, a := range inputs {
				b := inputs[(i*7+1)%len(inputs)]
				for _, fn := range r.asmFuncs() {
					for _, alias := range []bool{false, true} {
						// SP is the frame's bottom (reads of frame
						// words not written first fail).
						m := &asmMachine{reg: map[string]uint64{"SP": 0x8000}, mem: map[uint64]uint64{},
							args: map[string]uint64{"v": 0x3000, "a": 0x1000, "b": 0x2000}}
						want := new(big.Int).Mul(value(a), value(b))
						if fn.square || alias {
							want = new(big.Int).Mul(value(a), value(a))
						}
						if fn.loop {
							// n squarings: want = a^(2^n).
							sq := 1 + i%3
							m.args["n"] = uint64(sq)
							want = new(big.Int).Exp(value(a), new(big.Int).Lsh(big.NewInt(1), uint(sq)), f.p)
						}
						if fn.mult32 {
							// y+16(FP) is the value itself; the high word
							// of its slot is junk, as on the stack.
							y := uint64(rnd.Uint32())
							if i < 2 {
								y = 0xffffffff
							}
							m.args["y"] = y | 0xdead<<32
							want = new(big.Int).Mul(value(a), new(big.Int).SetUint64(y))
						}
						if alias {
							m.args["v"], m.args["b"] = m.args["a"], m.args["a"]
						}
						for k := 0; k < n; k++ {
							m.mem[m.args["b"]+uint64(8*k)] = b[k]
							m.mem[m.args["a"]+uint64(8*k)] = a[k]
						}
						if err := m.run(src, fn.name); err != nil {
							t.Fatalf("%s: %v", fn.name, err)
						}
						out := make([]uint64, n)
						for k := range out {
							out[k] = m.mem[m.args["v"]+uint64(8*k)]
							if new(big.Int).SetUint64(out[k]).Cmp(r.bound[k]) > 0 {
								t.Fatalf("%s(%x, %x): limb %d = %#x exceeds its bound", fn.name, a, b, k, out[k])
							}
						}
						got := value(out)
						if got.Sub(got, want).Mod(got, f.p).Sign() != 0 {
							t.Fatalf("%s(%x, %x, alias %v) is wrong", fn.name, a, b, alias)
						}
					}
				}
			}
		}
	}
}
