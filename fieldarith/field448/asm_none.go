//go:build !(amd64 && !purego && !curvekit_purego && !curvekit32) && !((arm || 386) && !purego && !curvekit_purego)

package field448

// Assembly names the routines of this build that run assembly rather than
// Go. It is "": this build (another architecture, or -tags purego,
// curvekit_purego or curvekit32 on amd64) runs Go code only; on amd64
// without those tags, and on arm and 386 without purego and
// curvekit_purego, Multiply and Square run assembly.
func Assembly() string { return "" }
