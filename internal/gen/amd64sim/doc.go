// Package amd64sim runs the Go-assembler amd64 text that the generator's
// emitters write, in pure Go, so that every generated routine is checked
// against math/big on any machine (GOARCH=386 and arm included), not only
// on an amd64 with the right CPU features.
//
// It reads the subset the emitters use: TEXT (with its frame and argument
// sizes), DATA and GLOBL tables, labels, and the instructions MOVQ, MOVL,
// MOVBQZX, LEAQ, ADDQ, ADCQ, SUBQ, SBBQ, ANDQ, ORQ, XORQ, NEGQ, NOTQ, INCQ,
// DECQ, SHLQ, SHRQ (two- and three-operand forms), SARQ, BTRQ, CMPQ, TESTQ,
// MULQ, IMULQ, IMUL3Q, MULXQ, ADCXQ, ADOXQ, CMOVQcc, Jcc, JMP, CALL and
// RET, and the AVX2 instructions of the table scans (VMOVDQU, VPAND, VPOR,
// VPXOR, VPSUBQ, VPCMPEQQ, VPBROADCASTQ, VZEROUPPER). Anything else is a
// parse error, so an emitter that starts writing a new instruction fails
// its test until the instruction is added here.
//
// The machine is stricter than the CPU, which makes it a checker as well
// as a model: reading a register or memory word nobody wrote, reading a
// flag the last instruction left undefined (MULQ's ZF and SF, BTRQ's OF,
// OF after a shift by more than one, …), an off(SP) outside the frame the
// TEXT line declares, an argument outside its argument size, a write to
// read-only data, an access below SP or outside any allocation, a
// clobbered return address, and a runaway loop are all errors.
//
// Memory is byte-addressed and sparse: the caller allocates buffers
// (Alloc, Words, Bytes) and passes their addresses as the routine's
// arguments, one 64-bit word each, as Go's ABI0 lays them out (Call), or
// sets the registers an internal subroutine takes (CallRegs, Reg).
//
// Mutants changes one instruction at a time (a carry dropped or moved to
// the other chain, a condition inverted, an immediate off by one), so that
// an emitter's test can measure how many wrong routines it notices.
//
// It does not model timing, PF and AF, the upper halves of the vector
// registers apart from the 256 bits the scans use, or the encodings the
// Go assembler accepts beyond the operand forms above.
package amd64sim
