//go:build !(amd64 && !purego && !curvekit_purego && !curvekit32)

package field25519

// Assembly names the routines of this build that run assembly rather than
// Go. It is "": this build (another architecture, or -tags purego,
// curvekit_purego or curvekit32) runs Go code only; on amd64 without those
// tags, Multiply and Square run assembly.
func Assembly() string { return "" }
