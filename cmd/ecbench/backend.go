package main

import "github.com/curvekit/curvekit/fieldarith/field25519"

// fieldBackend is the limb representation curvekit's field layer uses in
// this binary ("64-bit" or "32-bit"; -tags curvekit32 forces the latter),
// with its assembly routines if any (amd64; -tags purego removes them).
var fieldBackend = func() string {
	if field25519.Assembly == "" {
		return field25519.Backend
	}
	return field25519.Backend + " (assembly: " + field25519.Assembly + ")"
}()

// Import paths of curvekit's packages, for -list.
const (
	curve25519Pkg = "github.com/curvekit/curvekit/curve25519"
	ed25519Pkg    = "github.com/curvekit/curvekit/ed25519"
	batchPkg      = "github.com/curvekit/curvekit/batch"
)
