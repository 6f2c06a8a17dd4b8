//go:build amd64 && !purego && !curvekit_purego && !curvekit32

package field448

// Assembly names the routines of this build that run assembly rather than
// Go: here the 64-bit backend's Multiply, Square and Mult32
// (zz_generated_fe56_amd64.s, baseline amd64 instructions, so on every
// amd64 CPU), and with them MultiplyLoose, SquareLoose, Mult32Loose and
// every exponentiation, whose runs of squarings are one assembly loop each.
// It is empty with -tags purego or curvekit_purego, with -tags curvekit32
// and on other architectures. It is a function, as
// field25519.Assembly is, because what runs may come to depend on the CPU.
func Assembly() string { return "amd64 Multiply, Square, Mult32, squaring runs" }
