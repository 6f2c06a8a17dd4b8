package amd64sim

import (
	"fmt"
	"strings"
)

type opcode uint8

const (
	opMOVQ opcode = iota + 1
	opMOVL
	opMOVBQZX
	opLEAQ
	opADDQ
	opADCQ
	opSUBQ
	opSBBQ
	opANDQ
	opORQ
	opXORQ
	opCMPQ
	opTESTQ
	opNEGQ
	opNOTQ
	opINCQ
	opDECQ
	opSHLQ
	opSHRQ
	opSARQ
	opBTRQ
	opMULQ
	opIMULQ
	opIMUL3Q
	opMULXQ
	opADCXQ
	opADOXQ
	opCMOVQ
	opJcc
	opJMP
	opCALL
	opRET
	opVMOVDQU
	opVPAND
	opVPOR
	opVPXOR
	opVPSUBQ
	opVPCMPEQQ
	opVPBROADCASTQ
	opVZEROUPPER
)

// cond is a condition code of CMOVQcc and Jcc.
type cond uint8

const (
	ccCS cond = iota + 1 // CF = 1
	ccCC                 // CF = 0
	ccEQ                 // ZF = 1
	ccNE                 // ZF = 0
	ccMI                 // SF = 1
	ccPL                 // SF = 0
	ccOS                 // OF = 1
	ccOC                 // OF = 0
	ccHI                 // CF = 0 and ZF = 0
	ccLS                 // CF = 1 or ZF = 1
	ccLT                 // SF ≠ OF
	ccGE                 // SF = OF
	ccGT                 // ZF = 0 and SF = OF
	ccLE                 // ZF = 1 or SF ≠ OF
)

var condNames = map[string]cond{
	"CS": ccCS, "LO": ccCS, "C": ccCS, "CC": ccCC, "HS": ccCC, "NC": ccCC,
	"EQ": ccEQ, "Z": ccEQ, "NE": ccNE, "NZ": ccNE, "MI": ccMI, "PL": ccPL,
	"OS": ccOS, "OC": ccOC, "HI": ccHI, "LS": ccLS, "LT": ccLT, "GE": ccGE,
	"GT": ccGT, "LE": ccLE,
}

var opcodes = map[string]opcode{
	"MOVQ": opMOVQ, "MOVL": opMOVL, "MOVBQZX": opMOVBQZX, "LEAQ": opLEAQ,
	"ADDQ": opADDQ, "ADCQ": opADCQ, "SUBQ": opSUBQ, "SBBQ": opSBBQ,
	"ANDQ": opANDQ, "ORQ": opORQ, "XORQ": opXORQ, "CMPQ": opCMPQ, "TESTQ": opTESTQ,
	"NEGQ": opNEGQ, "NOTQ": opNOTQ, "INCQ": opINCQ, "DECQ": opDECQ,
	"SHLQ": opSHLQ, "SHRQ": opSHRQ, "SARQ": opSARQ, "BTRQ": opBTRQ,
	"MULQ": opMULQ, "IMULQ": opIMULQ, "IMUL3Q": opIMUL3Q, "MULXQ": opMULXQ,
	"ADCXQ": opADCXQ, "ADOXQ": opADOXQ, "JMP": opJMP, "CALL": opCALL, "RET": opRET,
	"VMOVDQU": opVMOVDQU, "VPAND": opVPAND, "VPOR": opVPOR, "VPXOR": opVPXOR,
	"VPSUBQ": opVPSUBQ, "VPCMPEQQ": opVPCMPEQQ, "VPBROADCASTQ": opVPBROADCASTQ,
	"VZEROUPPER": opVZEROUPPER,
}

// shape letters: r general register, m memory, i immediate, y vector
// register, t target; "rm" accepts either.
func shapeOK(o operand, allowed string) bool {
	switch o.kind {
	case kReg:
		if o.reg >= numGP {
			return strings.Contains(allowed, "y")
		}
		return strings.Contains(allowed, "r")
	case kMem:
		return strings.Contains(allowed, "m")
	case kImm:
		return strings.Contains(allowed, "i")
	case kTarget:
		return strings.Contains(allowed, "t")
	}
	return false
}

// decode sets in's opcode and checks its operands' shapes.
func decode(in *inst, r *routine) error {
	mn := in.op
	code, ok := opcodes[mn]
	switch {
	case ok:
	case strings.HasPrefix(mn, "CMOVQ"):
		c, cok := condNames[mn[5:]]
		if !cok {
			return fmt.Errorf("unknown condition in %s", mn)
		}
		code, in.cc = opCMOVQ, c
	case strings.HasPrefix(mn, "J") && len(mn) > 1:
		c, cok := condNames[mn[1:]]
		if !cok {
			return fmt.Errorf("unknown instruction %s", mn)
		}
		code, in.cc = opJcc, c
	default:
		return fmt.Errorf("unknown instruction %s (amd64sim does not model it)", mn)
	}
	in.code = code
	in.size = 8
	var shapes []string
	switch code {
	case opMOVQ:
		shapes = []string{"rmi", "rm"}
	case opMOVL:
		in.size = 4
		shapes = []string{"rmi", "rm"}
	case opMOVBQZX:
		in.size = 1
		shapes = []string{"rm", "r"}
	case opLEAQ:
		shapes = []string{"m", "r"}
	case opADDQ, opADCQ, opSUBQ, opSBBQ, opANDQ, opORQ, opXORQ:
		shapes = []string{"rmi", "rm"}
	case opCMPQ:
		shapes = []string{"rm", "rmi"}
	case opTESTQ:
		shapes = []string{"rmi", "rm"}
	case opNEGQ, opNOTQ, opINCQ, opDECQ:
		shapes = []string{"rm"}
	case opSHLQ, opSHRQ, opSARQ:
		shapes = []string{"ir", "rm"}
		if len(in.a) == 3 && code != opSARQ {
			shapes = []string{"ir", "r", "rm"}
		}
	case opBTRQ:
		shapes = []string{"i", "rm"}
	case opMULQ:
		shapes = []string{"rm"}
	case opIMULQ:
		shapes = []string{"rm", "r"}
	case opIMUL3Q:
		shapes = []string{"i", "rm", "r"}
	case opMULXQ:
		shapes = []string{"rm", "r", "r"}
	case opADCXQ, opADOXQ:
		shapes = []string{"rm", "r"}
	case opCMOVQ:
		shapes = []string{"rm", "r"}
	case opJcc, opJMP:
		shapes = []string{"t"}
	case opCALL:
		shapes = []string{"m"}
	case opRET, opVZEROUPPER:
		shapes = nil
	case opVMOVDQU:
		in.size = 32
		shapes = []string{"ym", "ym"}
	case opVPAND, opVPOR, opVPXOR, opVPSUBQ, opVPCMPEQQ:
		in.size = 32
		shapes = []string{"ym", "y", "y"}
	case opVPBROADCASTQ:
		shapes = []string{"m", "y"}
	}
	if len(in.a) != len(shapes) {
		return fmt.Errorf("%s takes %d operands", mn, len(shapes))
	}
	mems := 0
	for i, o := range in.a {
		if !shapeOK(o, shapes[i]) {
			return fmt.Errorf("operand %d (%s) of %s has the wrong form", i+1, o.text, mn)
		}
		if o.kind == kMem {
			mems++
		}
		if o.kind == kImm {
			wide := code == opMOVQ && in.a[1].kind == kReg
			if !wide && !fitsImm32(o.imm) {
				return fmt.Errorf("immediate %s does not fit a sign-extended 32-bit field", o.text)
			}
		}
		if o.kind == kReg && o.reg == regSP {
			return fmt.Errorf("SP used as a general register")
		}
	}
	if mems > 1 {
		return fmt.Errorf("two memory operands")
	}
	if (code == opSHLQ || code == opSHRQ || code == opSARQ) && in.a[0].kind == kReg && in.a[0].reg != regCX {
		return fmt.Errorf("a shift count register must be CX")
	}
	if code == opMULXQ && in.a[1].reg == in.a[2].reg {
		return fmt.Errorf("MULXQ with the same destination twice")
	}
	if r.frame == 0 {
		for _, o := range in.a[len(in.a)-min(len(in.a), 1):] {
			if o.kind == kReg && o.reg == regBP && code != opCMPQ && code != opTESTQ {
				return fmt.Errorf("BP written in a routine without a frame (Go saves BP only for a frame)")
			}
		}
	}
	return nil
}
