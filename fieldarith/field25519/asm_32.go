//go:build (arm || 386) && !purego && !curvekit_purego

package field25519

import "runtime"

// Assembly names the routines of this build that run assembly rather than
// Go: here the 32-bit backend's Multiply, Square, Mult32, Swap, Negate,
// CondNegate, and the tight and loose Add and Subtract (zz_generated_fe2625_arm.s with ARMv4 instructions, so on
// every GOARM, or _386.s). It is empty with -tags purego or curvekit_purego and on other
// architectures.
func Assembly() string {
	return runtime.GOARCH + " Multiply, Square, Mult32, Swap, Add, Subtract, Negate, CondNegate, Loose.Add, Loose.Subtract"
}
