package main

import (
	"strings"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/p256"
)

// fieldBackend is the limb representation curvekit's field layer uses in
// this binary ("64-bit" or "32-bit"; -tags curvekit32 forces the latter),
// with the routines that run assembly if any (amd64; -tags purego removes
// them), each field's named, since more than one field has assembly.
var fieldBackend = backendLabel(field25519.Backend, backendAssembly()...)

// backendAssembly lists what runs assembly in this binary, "" for the
// pieces that run Go. The curve packages' table scans are prefixed with
// the package (recorded lines in README.md and doc/ from before curve448
// and p256 had scans say only "AVX2 table lookups").
func backendAssembly() []string {
	return []string{
		fieldAssembly("GF(2^255-19)", field25519.Assembly()),
		fieldAssembly("GF(2^448-2^224-1)", field448.Assembly()),
		fieldAssembly("P-256 mod p", fieldp256.Assembly()),
		fieldAssembly("P-256 mod n", scalarp256.Assembly()),
		fieldAssembly("curve25519", curve25519.Assembly()),
		fieldAssembly("curve448", curve448.Assembly()),
		fieldAssembly("p256", p256.Assembly()),
	}
}

// fieldAssembly prefixes a field or curve package's Assembly() with its name.
func fieldAssembly(field, asm string) string {
	if asm == "" {
		return ""
	}
	return field + " " + asm
}

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
