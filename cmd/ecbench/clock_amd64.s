#include "textflag.h"

// func addChain(n, y uint64) uint64
//
// 64 register-to-register adds per iteration, each depending on the one
// before (AX += BX): one add per cycle on every x86-64 core, since an add's
// latency is one cycle and a chain cannot overlap. BX is the caller's
// value, not an immediate, so cores that fold immediate adds at rename
// (Intel's Golden Cove and later) cannot shorten the chain; the loop
// counter (CX, DECQ/JNZ, macro-fused) is a separate chain that runs
// alongside. TestAddChain checks the sum; calibrateClock rejects clocks
// above 6.5 GHz, which a chain folded two to one would give on any core
// above 3.25 GHz.
TEXT ·addChain(SB), NOSPLIT, $0-24
	MOVQ n+0(FP), CX
	MOVQ y+8(FP), BX
	XORQ AX, AX
loop:
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	ADDQ BX, AX
	DECQ CX
	JNZ  loop
	MOVQ AX, ret+16(FP)
	RET
