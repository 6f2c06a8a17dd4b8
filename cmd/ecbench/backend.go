package main

import (
	"strings"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/fieldarith/field25519"
)

// fieldBackend is the limb representation curvekit's field layer uses in
// this binary ("64-bit" or "32-bit"; -tags curvekit32 forces the latter),
// with the routines that run assembly if any (amd64; -tags purego removes
// them).
var fieldBackend = backendLabel(field25519.Backend, field25519.Assembly(), curve25519.Assembly())

// backendLabel is backend followed by the non-empty assembly descriptions
// in parentheses.
func backendLabel(backend string, asm ...string) string {
	var parts []string
	for _, a := range asm {
		if a != "" {
			parts = append(parts, a)
		}
	}
	if len(parts) == 0 {
		return backend
	}
	return backend + " (assembly: " + strings.Join(parts, "; ") + ")"
}

// Import paths of curvekit's packages, for -list.
const (
	curve25519Pkg = "github.com/curvekit/curvekit/curve25519"
	ed25519Pkg    = "github.com/curvekit/curvekit/ed25519"
	batchPkg      = "github.com/curvekit/curvekit/batch"
)
