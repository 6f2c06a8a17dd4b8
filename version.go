// Package curvekit holds the version of the curvekit module; the
// primitives live in its subpackages (curve25519, ed25519, ed448, p256, …).
package curvekit

// Version is the version of this curvekit module, printed by cmd/ecbench.
const Version = "0.1.0"
