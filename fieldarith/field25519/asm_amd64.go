//go:build amd64 && !purego && !curvekit_purego && !curvekit32

package field25519

// Assembly names the routines of this build that run assembly rather than
// Go: here Multiply and Square (zz_generated_fe51_amd64.s). It is empty
// with -tags purego or curvekit_purego, with -tags curvekit32 and on other
// architectures.
const Assembly = "amd64 Multiply, Square"
