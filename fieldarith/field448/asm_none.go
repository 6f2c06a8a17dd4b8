//go:build !(amd64 && !purego && !curvekit_purego && !curvekit32)

package field448

// Assembly names the routines of this build that run assembly rather than
// Go; it is empty: this build is pure Go (see asm_amd64.go for the one
// exception).
func Assembly() string { return "" }
