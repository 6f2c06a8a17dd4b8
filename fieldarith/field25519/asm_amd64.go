//go:build amd64 && !purego && !curvekit_purego && !curvekit32

package field25519

// Assembly names the routines of this build that run assembly rather than
// Go: here Multiply and Square, and the runs of squarings in the addition
// chains of Pow22523 and SqrtRatio, one loop each (zz_generated_fe51_amd64.s,
// baseline amd64 instructions, so on every amd64 CPU). It is empty with -tags purego or
// curvekit_purego, with -tags curvekit32 and on other architectures. It is
// a function, as fieldp256.Assembly and curve25519.Assembly are, because
// what runs may depend on the CPU, checked at run time.
func Assembly() string { return "amd64 Multiply, Square, squaring runs" }
