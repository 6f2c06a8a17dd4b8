//go:build (arm || 386) && !purego && !curvekit_purego

package scalar25519

// Assembly names the routines of this build that run assembly rather than
// Go: here the 32-bit backend's Multiply, Square, Add, Subtract and Negate
// (zz_generated_elem32_arm.s with ARMv4 instructions, so on every GOARM,
// or _386.s). It is empty with -tags purego or curvekit_purego and on
// other architectures.
func Assembly() string { return elem32Assembly() }
