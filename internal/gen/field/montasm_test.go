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

// montMachine runs the instructions montasm.go emits, with the carry and
// overflow flags tracked separately (−1: undefined, as after MULX's
// neighbours that clobber them), so that the generated text is checked
// against math/big on any machine; fieldp256's and scalarp256's tests run
// the real thing on amd64 with BMI2 and ADX.
type montMachine struct {
	reg    map[string]uint64
	mem    map[uint64]uint64
	data   map[string]uint64 // "sym<>+off(SB)" → value, from the DATA lines
	args   map[string]uint64
	cf, of int
}

func (m *montMachine) read(s string) (uint64, error) {
	switch {
	case strings.HasPrefix(s, "$"):
		if v, err := strconv.ParseUint(s[1:], 0, 64); err == nil {
			return v, nil
		}
		v, err := strconv.ParseInt(s[1:], 0, 64)
		return uint64(v), err
	case strings.HasSuffix(s, "(SB)"):
		if !strings.Contains(s, "+") {
			s = strings.TrimSuffix(s, "(SB)") + "+0(SB)"
		}
		v, ok := m.data[s]
		if !ok {
			return 0, fmt.Errorf("unknown data %s", s)
		}
		return v, nil
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

func (m *montMachine) addr(s string) (uint64, error) {
	i := strings.Index(s, "(")
	off, err := strconv.ParseInt(s[:i], 0, 64)
	if err != nil {
		return 0, err
	}
	base, ok := m.reg[s[i+1:len(s)-1]]
	if !ok {
		return 0, fmt.Errorf("bad base in %s", s)
	}
	return base + uint64(off), nil
}

func (m *montMachine) write(s string, v uint64) error {
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

func (m *montMachine) run(src, name string) error {
	for _, line := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(line, "DATA "); ok {
			sym, val, _ := strings.Cut(rest, ", $")
			sym, _, _ = strings.Cut(sym, "/")
			v, err := strconv.ParseUint(val, 0, 64)
			if err != nil {
				return err
			}
			m.data[sym] = v
		}
	}
	_, body, ok := strings.Cut(src, "TEXT ·"+name+"(SB)")
	if !ok {
		return fmt.Errorf("%s not found", name)
	}
	flag := func(f int, line string) (uint64, error) {
		if f < 0 {
			return 0, fmt.Errorf("%s reads an undefined flag", line)
		}
		return uint64(f), nil
	}
	for _, line := range strings.Split(body, "\n")[1:] {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
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
			written := i == len(a)-1 && op == "MOVQ" || op == "MULXQ" && i > 0 ||
				op == "XORQ" && a[0] == a[1]
			if written {
				continue
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
		case op == "MOVQ" && len(a) == 2:
			err = m.write(a[1], x[0])
		case op == "XORQ" && len(a) == 2:
			err = m.write(a[1], x[0]^x[1])
			m.cf, m.of = 0, 0
		case op == "MULXQ" && len(a) == 3:
			dx, e := m.read("DX")
			if e != nil {
				return fmt.Errorf("%s: %v", line, e)
			}
			hi, lo := bits.Mul64(dx, x[0])
			if a[1] == a[2] {
				return fmt.Errorf("%s: same destination twice", line)
			}
			m.reg[a[1]], m.reg[a[2]] = lo, hi // flags untouched
		case op == "IMULQ" && len(a) == 2:
			err = m.write(a[1], x[0]*x[1])
			m.cf, m.of = -1, -1
		case (op == "ADCXQ" || op == "ADOXQ") && len(a) == 2:
			f := &m.cf
			if op == "ADOXQ" {
				f = &m.of
			}
			c, e := flag(*f, line)
			if e != nil {
				return e
			}
			s, cout := bits.Add64(x[1], x[0], c)
			err = m.write(a[1], s)
			*f = int(cout)
		case (op == "ADDQ" || op == "ADCQ") && len(a) == 2:
			var c uint64
			if op == "ADCQ" {
				if c, err = flag(m.cf, line); err != nil {
					return err
				}
			}
			d, cout := bits.Add64(x[1], x[0], c)
			err = m.write(a[1], d)
			m.cf, m.of = int(cout), -1
		case (op == "SHLQ" || op == "SHRQ") && len(a) == 2 && strings.HasPrefix(a[0], "$"):
			d := x[1] << x[0]
			if op == "SHRQ" {
				d = x[1] >> x[0]
			}
			err = m.write(a[1], d)
			m.cf, m.of = -1, -1
		case (op == "SUBQ" || op == "SBBQ") && len(a) == 2:
			var c uint64
			if op == "SBBQ" {
				if c, err = flag(m.cf, line); err != nil {
					return err
				}
			}
			d, b := bits.Sub64(x[1], x[0], c)
			err = m.write(a[1], d)
			m.cf, m.of = int(b), -1
		case op == "CMOVQCS" && len(a) == 2:
			c, e := flag(m.cf, line)
			if e != nil {
				return e
			}
			if c == 1 {
				err = m.write(a[1], x[0])
			}
		default:
			return fmt.Errorf("unknown instruction %q", line)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", line, err)
		}
	}
	return fmt.Errorf("%s: no RET", name)
}

// TestMontAsm runs the generated assembly of every Asm field (4 limbs for
// P-256's fields, 6 for P-384's) on edge and random inputs, with and
// without aliasing, against math/big: Mul is a·b·R⁻¹ mod m for a < R,
// b < m; Square a²·R⁻¹ mod m for a < m; both fully reduced, so equal to
// the Go code's Mul and Square limb for limb (mont_test.go and the
// packages' tests hold those to math/big). The edges are 0, 1, 2, m − 2,
// m − 1, every limb all ones alone and every run of all-ones limbs from
// the bottom (the carries through every limb), and for a also m, m + 1,
// R − m, R/2, R − 2 and R − 1.
func TestMontAsm(t *testing.T) {
	ran := 0
	sizes := map[int]bool{}
	for _, f := range montFields {
		if !montAsmOn(f) {
			continue
		}
		ran++
		sizes[f.Size/8] = true
		files, err := montAsmGenerate(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(files[f.Pkg+"/zz_generated_elem64_amd64.s"])
		m := f.Modulus
		n := f.Size / 8
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
		Ri := new(big.Int).ModInverse(R, m)
		one := big.NewInt(1)
		edges := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2))}
		ones := new(big.Int).Sub(new(big.Int).Lsh(one, 64), one)
		for i := 0; i < n; i++ {
			limb := new(big.Int).Lsh(ones, uint(64*i))
			run := new(big.Int).Sub(new(big.Int).Lsh(one, uint(64*(i+1))), one)
			for _, v := range []*big.Int{limb, run} {
				if v.Cmp(m) < 0 {
					edges = append(edges, v)
				}
			}
		}
		wide := append(edges[:len(edges):len(edges)], m, new(big.Int).Add(m, one), new(big.Int).Sub(R, m),
			new(big.Int).Rsh(R, 1), new(big.Int).Sub(R, big.NewInt(2)), new(big.Int).Sub(R, one))
		rng := rand.New(rand.NewPCG(7, 8))
		rnd := func(bound *big.Int) *big.Int {
			b := make([]byte, 8*n+8)
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			return new(big.Int).Mod(new(big.Int).SetBytes(b), bound)
		}
		type pair struct {
			a, b *big.Int
			once bool // no aliased run, and Square only when b = 0
		}
		var cases []pair
		for _, a := range wide {
			for _, b := range edges {
				cases = append(cases, pair{a, b, false})
			}
		}
		// The limb grid: every value whose limbs are 0 or all ones, and
		// m − 1 − v for each such v below m; a wide a against them fires
		// the rows' top carries (b near m keeps the high limbs all ones).
		var grid []*big.Int
		for i := 0; i < 1<<n; i++ {
			v := new(big.Int)
			for k := 0; k < n; k++ {
				if i>>k&1 == 1 {
					v.Or(v, new(big.Int).Lsh(ones, uint(64*k)))
				}
			}
			grid = append(grid, v)
			if v.Cmp(m) < 0 {
				grid = append(grid, new(big.Int).Sub(new(big.Int).Sub(m, one), v))
			}
		}
		for _, a := range append(wide, grid...) {
			for _, b := range grid {
				if b.Cmp(m) < 0 && (a.Cmp(m) >= 0 || rng.IntN(32) == 0) {
					cases = append(cases, pair{a, b, true})
				}
			}
		}
		for range 300 {
			cases = append(cases, pair{rnd(R), rnd(m), false}, pair{rnd(m), rnd(m), false})
		}
		limbs := func(x *big.Int) []uint64 { return montLimbs(x, 64, n) }
		for _, c := range cases {
			for _, sq := range []bool{false, true} {
				if sq && (c.a.Cmp(m) >= 0 || c.once && c.b.Sign() != 0) {
					continue
				}
				for _, alias := range []bool{false, true} {
					if alias && c.once {
						continue
					}
					mm := &montMachine{reg: map[string]uint64{}, mem: map[uint64]uint64{}, data: map[string]uint64{},
						args: map[string]uint64{"out": 0x3000, "a": 0x1000, "b": 0x2000}}
					if alias {
						mm.args["out"] = mm.args["a"]
					}
					for k, l := range limbs(c.a) {
						mm.mem[mm.args["a"]+uint64(8*k)] = l
					}
					for k, l := range limbs(c.b) {
						mm.mem[mm.args["b"]+uint64(8*k)] = l
					}
					name, y := "elem64MulAsm", c.b
					if sq {
						name, y = "elem64SquareAsm", c.a
					}
					if err := mm.run(src, name); err != nil {
						t.Fatalf("%s %s: %v", f.Pkg, name, err)
					}
					got := new(big.Int)
					for k := n - 1; k >= 0; k-- {
						got.Lsh(got, 64).Or(got, new(big.Int).SetUint64(mm.mem[mm.args["out"]+uint64(8*k)]))
					}
					want := new(big.Int).Mul(c.a, y)
					want.Mul(want, Ri).Mod(want, m)
					if got.Cmp(want) != 0 {
						t.Fatalf("%s %s(%x, %x), alias %v: %x, want %x", f.Pkg, name, c.a, y, alias, got, want)
					}
				}
			}
		}
	}
	if ran == 0 {
		t.Fatal("no field is marked Asm")
	}
	for _, n := range []int{4, 6} {
		if !sizes[n] {
			t.Errorf("no %d-limb field is marked Asm: the %d-limb emitter is not checked", n, n)
		}
	}
}
