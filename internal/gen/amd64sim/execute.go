package amd64sim

import (
	"fmt"
	"math/bits"
)

// addr computes a memory operand's address.
func (m *Machine) addr(o *operand, fp uint64) (uint64, error) {
	var a uint64
	switch o.mbase {
	case baseFP:
		a = fp
	case baseSB:
		a = m.syms[o.sym]
	default:
		if !m.rset[o.base] {
			return 0, fmt.Errorf("address register %s is unset", regName(o.base))
		}
		a = m.r[o.base]
		if o.index >= 0 {
			if !m.rset[o.index] {
				return 0, fmt.Errorf("index register %s is unset", regName(o.index))
			}
			a += m.r[o.index] * o.scale
		}
	}
	return a + uint64(o.disp), nil
}

// get reads an integer operand of size bytes (zero-extended).
func (m *Machine) get(o *operand, size int, fp uint64) (uint64, error) {
	switch o.kind {
	case kImm:
		return o.imm, nil
	case kReg:
		if !m.rset[o.reg] {
			return 0, fmt.Errorf("read of unset register %s", regName(o.reg))
		}
		v := m.r[o.reg]
		switch size {
		case 4:
			v &= 0xffffffff
		case 1:
			v &= 0xff
		}
		return v, nil
	case kMem:
		a, err := m.addr(o, fp)
		if err != nil {
			return 0, err
		}
		return m.load(a, size)
	}
	return 0, fmt.Errorf("operand %s cannot be read", o.text)
}

// put writes an integer operand (a 32-bit register write zero-extends).
func (m *Machine) put(o *operand, size int, v uint64, fp uint64) error {
	switch o.kind {
	case kReg:
		if size == 4 {
			v &= 0xffffffff
		}
		m.r[o.reg], m.rset[o.reg] = v, true
		return nil
	case kMem:
		a, err := m.addr(o, fp)
		if err != nil {
			return err
		}
		return m.store(a, size, v, false)
	}
	return fmt.Errorf("operand %s cannot be written", o.text)
}

func b2f(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

func (m *Machine) setZS(v uint64) { m.zf, m.sf = b2f(v == 0), int8(v>>63) }

func (m *Machine) flag(f int8, name string) (uint64, error) {
	if f < 0 {
		return 0, fmt.Errorf("reads %s, which is undefined here", name)
	}
	return uint64(f), nil
}

// cond evaluates a condition code.
func (m *Machine) cond(c cond) (bool, error) {
	need := func(fs ...int8) error {
		names := []string{"CF", "ZF", "SF", "OF"}
		for i, f := range fs {
			if f < 0 {
				return fmt.Errorf("reads %s, which is undefined here", names[i])
			}
		}
		return nil
	}
	var err error
	var t bool
	switch c {
	case ccCS, ccCC:
		err, t = need(m.cf), m.cf == 1
	case ccEQ, ccNE:
		err, t = need(0, m.zf), m.zf == 1
	case ccMI, ccPL:
		err, t = need(0, 0, m.sf), m.sf == 1
	case ccOS, ccOC:
		err, t = need(0, 0, 0, m.of), m.of == 1
	case ccHI, ccLS:
		err, t = need(m.cf, m.zf), m.cf == 1 || m.zf == 1
	case ccLT, ccGE:
		err, t = need(0, 0, m.sf, m.of), m.sf != m.of
	case ccGT, ccLE:
		err, t = need(0, m.zf, m.sf, m.of), m.zf == 1 || m.sf != m.of
	}
	switch c {
	case ccCC, ccNE, ccPL, ccOC, ccHI, ccGE, ccGT:
		t = !t
	}
	return t, err
}

// exec runs one instruction other than the control transfers.
func (m *Machine) exec(in *inst, fp uint64) error {
	a := in.a
	switch in.code {
	case opMOVQ, opMOVL:
		v, err := m.get(&a[0], in.size, fp)
		if err != nil {
			return err
		}
		return m.put(&a[1], in.size, v, fp)
	case opMOVBQZX:
		v, err := m.get(&a[0], 1, fp)
		if err != nil {
			return err
		}
		return m.put(&a[1], 8, v, fp)
	case opLEAQ:
		v, err := m.addr(&a[0], fp)
		if err != nil {
			return err
		}
		return m.put(&a[1], 8, v, fp)
	case opADDQ, opADCQ, opSUBQ, opSBBQ, opANDQ, opORQ, opXORQ, opCMPQ, opTESTQ:
		return m.alu(in, fp)
	case opNEGQ, opNOTQ, opINCQ, opDECQ:
		x, err := m.get(&a[0], 8, fp)
		if err != nil {
			return err
		}
		var v uint64
		switch in.code {
		case opNEGQ:
			v = -x
			m.cf, m.of = b2f(x != 0), b2f(x == 1<<63)
			m.setZS(v)
		case opNOTQ:
			v = ^x
		case opINCQ:
			v = x + 1
			m.of = b2f(v == 1<<63)
			m.setZS(v)
		case opDECQ:
			v = x - 1
			m.of = b2f(x == 1<<63)
			m.setZS(v)
		}
		return m.put(&a[0], 8, v, fp)
	case opSHLQ, opSHRQ, opSARQ:
		return m.shift(in, fp)
	case opBTRQ:
		x, err := m.get(&a[1], 8, fp)
		if err != nil {
			return err
		}
		n := a[0].imm & 63
		m.cf = int8(x >> n & 1)
		m.of, m.sf = -1, -1
		return m.put(&a[1], 8, x&^(1<<n), fp)
	case opMULQ:
		x, err := m.get(&a[0], 8, fp)
		if err != nil {
			return err
		}
		if !m.rset[regAX] {
			return fmt.Errorf("read of unset register AX")
		}
		hi, lo := bits.Mul64(m.r[regAX], x)
		m.r[regAX], m.r[regDX], m.rset[regDX] = lo, hi, true
		m.cf, m.of = b2f(hi != 0), b2f(hi != 0)
		m.zf, m.sf = -1, -1
		return nil
	case opIMULQ, opIMUL3Q:
		var x, y uint64
		var err error
		if in.code == opIMULQ {
			if x, err = m.get(&a[0], 8, fp); err != nil {
				return err
			}
			if y, err = m.get(&a[1], 8, fp); err != nil {
				return err
			}
		} else {
			x = a[0].imm
			if y, err = m.get(&a[1], 8, fp); err != nil {
				return err
			}
		}
		hi, lo := bits.Mul64(x, y)
		// signed high word: subtract the other operand for each negative one
		if int64(x) < 0 {
			hi -= y
		}
		if int64(y) < 0 {
			hi -= x
		}
		ovf := hi != uint64(int64(lo)>>63)
		m.cf, m.of = b2f(ovf), b2f(ovf)
		m.zf, m.sf = -1, -1
		return m.put(&a[len(a)-1], 8, lo, fp)
	case opMULXQ:
		x, err := m.get(&a[0], 8, fp)
		if err != nil {
			return err
		}
		if !m.rset[regDX] {
			return fmt.Errorf("read of unset register DX")
		}
		hi, lo := bits.Mul64(m.r[regDX], x)
		m.r[a[1].reg], m.rset[a[1].reg] = lo, true
		m.r[a[2].reg], m.rset[a[2].reg] = hi, true
		return nil
	case opADCXQ, opADOXQ:
		f, name := &m.cf, "CF"
		if in.code == opADOXQ {
			f, name = &m.of, "OF"
		}
		c, err := m.flag(*f, name)
		if err != nil {
			return err
		}
		x, err := m.get(&a[0], 8, fp)
		if err != nil {
			return err
		}
		y, err := m.get(&a[1], 8, fp)
		if err != nil {
			return err
		}
		s, cout := bits.Add64(y, x, c)
		*f = int8(cout)
		return m.put(&a[1], 8, s, fp)
	case opCMOVQ:
		t, err := m.cond(in.cc)
		if err != nil {
			return err
		}
		x, err := m.get(&a[0], 8, fp) // the source is read either way
		if err != nil {
			return err
		}
		if t {
			return m.put(&a[1], 8, x, fp)
		}
		if !m.rset[a[1].reg] {
			return fmt.Errorf("CMOV into unset register %s left it unset", regName(a[1].reg))
		}
		return nil
	case opVMOVDQU, opVPAND, opVPOR, opVPXOR, opVPSUBQ, opVPCMPEQQ, opVPBROADCASTQ, opVZEROUPPER:
		return m.vector(in, fp)
	}
	return fmt.Errorf("no semantics for %s", in.op)
}

// alu runs the two-operand arithmetic and logic instructions.
func (m *Machine) alu(in *inst, fp uint64) error {
	a := in.a
	zeroing := a[0].kind == kReg && a[1].kind == kReg && a[0].reg == a[1].reg &&
		(in.code == opXORQ || in.code == opSUBQ || in.code == opSBBQ)
	var x, y uint64
	if !zeroing {
		var err error
		if x, err = m.get(&a[0], 8, fp); err != nil {
			return err
		}
		if y, err = m.get(&a[1], 8, fp); err != nil {
			return err
		}
	}
	var v uint64
	switch in.code {
	case opADDQ, opADCQ:
		var c uint64
		if in.code == opADCQ {
			var err error
			if c, err = m.flag(m.cf, "CF"); err != nil {
				return err
			}
		}
		var cout uint64
		v, cout = bits.Add64(y, x, c)
		m.cf, m.of = int8(cout), int8((^(x^y)&(y^v))>>63)
	case opSUBQ, opSBBQ, opCMPQ:
		var c uint64
		if in.code == opSBBQ {
			var err error
			if c, err = m.flag(m.cf, "CF"); err != nil {
				return err
			}
		}
		// Go's CMPQ a, b compares a with b (a − b); SUBQ a, b is b − a.
		if in.code == opCMPQ {
			x, y = y, x
		}
		var b uint64
		v, b = bits.Sub64(y, x, c)
		m.cf, m.of = int8(b), int8(((x^y)&(y^v))>>63)
	case opANDQ, opTESTQ:
		v = x & y
		m.cf, m.of = 0, 0
	case opORQ:
		v = x | y
		m.cf, m.of = 0, 0
	case opXORQ:
		v = x ^ y
		m.cf, m.of = 0, 0
	}
	m.setZS(v)
	if in.code == opCMPQ || in.code == opTESTQ {
		return nil
	}
	return m.put(&a[1], 8, v, fp)
}

// shift runs SHLQ, SHRQ and SARQ, and the double shifts SHLQ n, src, dst
// (SHLD: dst = dst<<n | src>>(64−n)) and SHRQ n, src, dst (SHRD).
func (m *Machine) shift(in *inst, fp uint64) error {
	a := in.a
	n, err := m.get(&a[0], 8, fp)
	if err != nil {
		return err
	}
	n &= 63
	dst := &a[len(a)-1]
	x, err := m.get(dst, 8, fp)
	if err != nil {
		return err
	}
	var src uint64
	if len(a) == 3 {
		if src, err = m.get(&a[1], 8, fp); err != nil {
			return err
		}
	}
	if n == 0 {
		return nil // flags and destination unchanged
	}
	var v uint64
	var cf uint64
	switch in.code {
	case opSHLQ:
		v, cf = x<<n, x>>(64-n)&1
		if len(a) == 3 {
			v |= src >> (64 - n)
		}
		m.of = -1
		if n == 1 {
			m.of = int8(v>>63 ^ cf)
		}
	case opSHRQ:
		v, cf = x>>n, x>>(n-1)&1
		if len(a) == 3 {
			v |= src << (64 - n)
		}
		m.of = -1
		if n == 1 {
			m.of = int8((x ^ v) >> 63)
		}
	case opSARQ:
		v, cf = uint64(int64(x)>>n), x>>(n-1)&1
		m.of = -1
		if n == 1 {
			m.of = 0
		}
	}
	m.cf = int8(cf)
	m.setZS(v)
	return m.put(dst, 8, v, fp)
}

// vector runs the AVX2 instructions of the table scans on the 256-bit Y
// registers (Go's operand order: VPAND src2, src1, dst).
func (m *Machine) vector(in *inst, fp uint64) error {
	a := in.a
	getY := func(o *operand) ([4]uint64, error) {
		var v [4]uint64
		if o.kind == kReg {
			if !m.rset[o.reg] {
				return v, fmt.Errorf("read of unset register %s", regName(o.reg))
			}
			return m.y[o.reg-numGP], nil
		}
		ad, err := m.addr(o, fp)
		if err != nil {
			return v, err
		}
		for k := range v {
			if v[k], err = m.load(ad+uint64(8*k), 8); err != nil {
				return v, err
			}
		}
		return v, nil
	}
	putY := func(o *operand, v [4]uint64) error {
		if o.kind == kReg {
			m.y[o.reg-numGP], m.rset[o.reg] = v, true
			return nil
		}
		ad, err := m.addr(o, fp)
		if err != nil {
			return err
		}
		for k := range v {
			if err := m.store(ad+uint64(8*k), 8, v[k], false); err != nil {
				return err
			}
		}
		return nil
	}
	switch in.code {
	case opVZEROUPPER:
		return nil // the upper halves are not modelled apart
	case opVMOVDQU:
		v, err := getY(&a[0])
		if err != nil {
			return err
		}
		return putY(&a[1], v)
	case opVPBROADCASTQ:
		x, err := m.get(&a[0], 8, fp)
		if err != nil {
			return err
		}
		return putY(&a[1], [4]uint64{x, x, x, x})
	}
	var s2, s1 [4]uint64
	same := a[0].kind == kReg && a[0].reg == a[1].reg
	if !(same && (in.code == opVPXOR || in.code == opVPCMPEQQ || in.code == opVPSUBQ)) {
		var err error
		if s2, err = getY(&a[0]); err != nil {
			return err
		}
		if s1, err = getY(&a[1]); err != nil {
			return err
		}
	}
	var d [4]uint64
	for k := range d {
		switch in.code {
		case opVPAND:
			d[k] = s1[k] & s2[k]
		case opVPOR:
			d[k] = s1[k] | s2[k]
		case opVPXOR:
			d[k] = s1[k] ^ s2[k]
		case opVPSUBQ:
			d[k] = s1[k] - s2[k]
		case opVPCMPEQQ:
			if s1[k] == s2[k] {
				d[k] = ^uint64(0)
			}
		}
	}
	return putY(&a[2], d)
}
