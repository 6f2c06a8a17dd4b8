//go:build !((arm || 386) && !purego && !curvekit_purego)

package scalar448

// Assembly names the routines of this build that run assembly rather than
// Go. It is "": this build (another architecture, or -tags purego or
// curvekit_purego) runs Go code only; on arm and 386 without those tags,
// Multiply and Square run assembly.
func Assembly() string { return "" }
