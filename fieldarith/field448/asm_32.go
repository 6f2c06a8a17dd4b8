//go:build (arm || 386) && !purego && !curvekit_purego

package field448

import "runtime"

// Assembly names the routines of this build that run assembly rather than
// Go: here the 32-bit backend's Multiply, Square, Mult32, Swap, the carried
// Add, Subtract, Negate and CondNegate and the loose Add and Subtract (zz_generated_fe28_arm.s
// with ARMv4 instructions, so on every GOARM, or _386.s), and with them
// MultiplyLoose, SquareLoose and every exponentiation. It is empty with
// -tags purego or curvekit_purego and on other architectures.
func Assembly() string {
	return runtime.GOARCH + " Multiply, Square, Mult32, Swap, Add, Subtract, Negate, CondNegate, Loose.Add, Loose.Subtract"
}
