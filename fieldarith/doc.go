// Package fieldarith is the field-arithmetic layer shared by every curvekit
// curve. It holds no code itself; each field is a sub-package with one
// exported Element type:
//
//   - field25519: GF(2^255−19), the base field of Curve25519 and edwards25519
//   - field448: GF(2^448−2^224−1), the base field of Curve448 and edwards448
//   - fieldp256: GF(2^256−2^224+2^192+2^96−1), the base field of P-256
//   - scalar25519, scalar448, scalarp256: the scalar fields of those groups
//
// The design and the measurements behind it are written down below.
package fieldarith

//go:generate go run ./internal/gen
