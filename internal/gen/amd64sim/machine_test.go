package amd64sim

import (
	"math/bits"
	"strings"
	"testing"
)

// TestSemantics runs one small routine per instruction family and checks
// its words against values computed here with math/bits.
func TestSemantics(t *testing.T) {
	const x, y = 0xfedcba9876543210, 0x8000000000000001
	hi, lo := bits.Mul64(x, y)
	var a, b uint64 = 0x8000000000000003, 0x0123456789abcdef
	tests := []struct {
		name string
		body string
		args []uint64
		want []uint64
	}{
		{"ADCX and ADOX keep separate carries", `
	MOVQ out+0(FP), DI
	XORQ AX, AX
	MOVQ $-1, BX
	MOVQ $1, CX
	MOVQ $-1, DX
	MOVQ $1, SI
	ADCXQ CX, BX
	ADOXQ SI, DX
	MOVQ $0, R8
	MOVQ $0, R9
	ADCXQ AX, R8
	ADOXQ AX, R9
	ADOXQ AX, R9
	MOVQ R8, 0(DI)
	MOVQ R9, 8(DI)
	RET`, nil, []uint64{1, 1}},
		{"MULQ and MULXQ", `
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), AX
	MULQ b+16(FP)
	MOVQ AX, 0(DI)
	MOVQ DX, 8(DI)
	MOVQ a+8(FP), DX
	MOVQ b+16(FP), CX
	MULXQ CX, R8, R9
	MOVQ R8, 16(DI)
	MOVQ R9, 24(DI)
	RET`, []uint64{x, y}, []uint64{lo, hi, lo, hi}},
		{"SUBQ, SBBQ, NEGQ and the borrow mask", `
	MOVQ out+0(FP), DI
	MOVQ $1, AX
	MOVQ $2, BX
	SUBQ BX, AX
	SBBQ CX, CX
	MOVQ AX, 0(DI)
	MOVQ CX, 8(DI)
	MOVQ $5, DX
	NEGQ DX
	SBBQ R8, R8
	MOVQ DX, 16(DI)
	MOVQ R8, 24(DI)
	RET`, nil, []uint64{^uint64(0), ^uint64(0), ^uint64(4), ^uint64(0)}},
		{"double shifts, SARQ, SHRQ by CX, BTRQ", `
	MOVQ out+0(FP), DI
	MOVQ $0x8000000000000003, AX
	MOVQ $0x0123456789abcdef, BX
	MOVQ AX, CX
	SHLQ $4, BX, CX
	MOVQ CX, 0(DI)
	MOVQ AX, DX
	SHRQ $4, BX, DX
	MOVQ DX, 8(DI)
	MOVQ AX, R8
	SARQ $1, R8
	MOVQ R8, 16(DI)
	MOVQ $12, CX
	MOVQ BX, R9
	SHRQ CX, R9
	BTRQ $63, AX
	ADCQ $0, R9
	MOVQ R9, 24(DI)
	MOVQ AX, 32(DI)
	RET`, nil, []uint64{a<<4 | b>>60, a>>4 | b<<60, 0xc000000000000001, b>>12 + 1, 3}},
		{"LEAQ, MOVL, MOVBQZX, IMUL3Q, IMULQ", `
	MOVQ out+0(FP), DI
	MOVQ $3, AX
	MOVQ $5, BX
	LEAQ 7(AX)(BX*8), CX
	MOVQ CX, 0(DI)
	MOVL y+8(FP), DX
	MOVQ DX, 8(DI)
	MOVQ p+16(FP), SI
	MOVQ $2, BX
	MOVBQZX 1(SI)(BX*1), R8
	MOVQ R8, 16(DI)
	IMUL3Q $-3, AX, R9
	MOVQ R9, 24(DI)
	MOVQ $-7, R10
	IMULQ AX, R10
	MOVQ R10, 32(DI)
	RET`, nil, []uint64{50, 0x89abcdef, 0x44, ^uint64(8), ^uint64(20)}},
		{"CMPQ, JGE, DECQ, JNZ, CMOVs", `
	MOVQ out+0(FP), DI
	MOVQ $0, AX
	MOVQ $10, CX
loop:
	ADDQ $3, AX
	DECQ CX
	JNZ loop
	MOVQ AX, 0(DI)
	MOVQ $0, BX
	MOVQ $-2, CX
up:
	ADDQ $1, BX
	ADDQ $1, CX
	CMPQ CX, $4
	JLT up
	MOVQ BX, 8(DI)
	MOVQ $7, R8
	MOVQ $9, R9
	TESTQ R8, R8
	CMOVQEQ R9, R8
	MOVQ R8, 16(DI)
	CMPQ R9, R8
	CMOVQGE R9, R8
	MOVQ R8, 24(DI)
	RET`, nil, []uint64{30, 6, 7, 9}},
		{"CALL into a subroutine that reads the caller's frame", `
	MOVQ out+0(FP), DI
	MOVQ $11, AX
	MOVQ AX, 0(SP)
	MOVQ $31, AX
	MOVQ AX, 8(SP)
	LEAQ 0(SP), SI
	CALL sum<>(SB)
	MOVQ BX, 0(DI)
	RET
TEXT sum<>(SB), NOSPLIT, $0
	MOVQ 0(SI), BX
	ADDQ 8(SI), BX
	RET`, nil, []uint64{42}},
		{"DATA tables", `
	MOVQ out+0(FP), DI
	MOVQ tab<>+8(SB), AX
	ADDQ tab<>+0(SB), AX
	MOVQ AX, 0(DI)
	RET
DATA tab<>+0(SB)/8, $0x10
DATA tab<>+8(SB)/8, $0x20
GLOBL tab<>(SB), RODATA|NOPTR, $16`, nil, []uint64{0x30}},
		{"AVX2 broadcast, compare, mask", `
	MOVQ out+0(FP), DI
	MOVQ p+8(FP), SI
	VPBROADCASTQ i+16(FP), Y15
	VPXOR Y14, Y14, Y14
	VPCMPEQQ Y13, Y13, Y13
	VPSUBQ Y13, Y14, Y14
	VPSUBQ Y13, Y14, Y14
	VPCMPEQQ Y14, Y15, Y12
	VPAND 0(SI), Y12, Y0
	VMOVDQU Y0, 0(DI)
	VZEROUPPER
	RET`, nil, []uint64{1, 2, 3, 4}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "TEXT ·f(SB), NOSPLIT, $16-24\n" + tc.body + "\n"
			args := append([]uint64{}, tc.args...)
			for len(args) < 2 {
				args = append(args, 0)
			}
			p, err := Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			m := New(p)
			if strings.Contains(tc.name, "MOVL") {
				args[0] = 0xdead_0000_0000 | 0x89abcdef
				args[1] = m.Bytes([]byte{0x11, 0x22, 0x33, 0x44, 0x55})
			}
			if strings.Contains(tc.name, "AVX2") {
				args[0] = m.Words(1, 2, 3, 4)
				args[1] = 2
			}
			out := m.Alloc(8 * len(tc.want))
			if err := m.Call("f", append([]uint64{out}, args...)...); err != nil {
				t.Fatal(err)
			}
			got, err := m.ReadWords(out, len(tc.want))
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("word %d = %#x, want %#x", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestFaults checks that the machine refuses what the CPU would run
// silently, or what the Go assembler would reject, with the error naming
// the cause.
func TestFaults(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unset register", "TEXT ·f(SB), NOSPLIT, $0-8\n\tADDQ AX, BX\n\tRET", "unset register"},
		{"unset memory", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ out+0(FP), DI\n\tMOVQ 0(DI), AX\n\tRET", "unset memory"},
		{"unset frame word", "TEXT ·f(SB), NOSPLIT, $8-8\n\tMOVQ 0(SP), AX\n\tRET", "unset memory"},
		{"OF after a shift by two", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ $2, AX\n\tMOVQ $3, BX\n\tSHLQ $2, BX\n\tJOS x\nx:\n\tRET", "OF"},
		{"ADCQ with no carry defined", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ $2, AX\n\tADCQ $1, AX\n\tRET", "CF"},
		{"OF after BTRQ", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ $2, AX\n\tBTRQ $1, AX\n\tADOXQ AX, AX\n\tRET", "OF"},
		{"frame overrun", "TEXT ·f(SB), NOSPLIT, $16-8\n\tMOVQ $1, 16(SP)\n\tRET", "outside"},
		{"argument overrun", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ b+8(FP), AX\n\tRET", "outside"},
		{"read past a buffer", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ out+0(FP), DI\n\tMOVQ $1, 8(DI)\n\tRET", "outside every allocation"},
		{"write to RODATA", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ $1, t<>+0(SB)\n\tRET\nDATA t<>+0(SB)/8, $1\nGLOBL t<>(SB), RODATA, $8", "read-only"},
		{"clobbered saved BP", "TEXT ·f(SB), NOSPLIT, $8-8\n\tLEAQ 0(SP), SI\n\tMOVQ $1, 8(SI)\n\tRET", "overwritten"},
		{"clobbered return address", "TEXT ·f(SB), NOSPLIT, $8-8\n\tLEAQ 0(SP), SI\n\tCALL g<>(SB)\n\tRET\nTEXT g<>(SB), NOSPLIT, $0\n\tMOVQ $1, -8(SI)\n\tRET", "return address"},
		{"argument in a subroutine", "TEXT ·f(SB), NOSPLIT, $0-8\n\tCALL g<>(SB)\n\tRET\nTEXT g<>(SB), NOSPLIT, $0\n\tMOVQ out+0(FP), DI\n\tRET", "outside"},
		{"runaway loop", "TEXT ·f(SB), NOSPLIT, $0-8\nl:\n\tJMP l\n\tRET", "instructions"},
		{"unknown instruction", "TEXT ·f(SB), NOSPLIT, $0-8\n\tPOPCNTQ AX, BX\n\tRET", "unknown instruction"},
		{"wide immediate", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ $0, AX\n\tADDQ $0x100000000, AX\n\tRET", "32-bit"},
		{"BP in a frameless routine", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ $0, BP\n\tRET", "BP"},
		{"no RET", "TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ $0, AX", "RET"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse(tc.src)
			if err == nil {
				m := New(p)
				m.MaxSteps = 1000
				err = m.Call("f", m.Alloc(8))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
}
