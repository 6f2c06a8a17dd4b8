//go:build (arm || 386) && !purego && !curvekit_purego

package scalar448

// Assembly names the routines of this build that run assembly rather than
// Go: here the 32-bit backend's Multiply, Square, Add, Subtract and Negate
// (zz_generated_elem32_arm.s or zz_generated_elem32_386.s). It is empty
// with -tags purego or curvekit_purego and on other architectures.
func Assembly() string { return elem32Assembly() }
