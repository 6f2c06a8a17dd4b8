package main

import (
	"fmt"
	"strings"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/fieldp384"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp384"
	"github.com/curvekit/curvekit/p256"
	"github.com/curvekit/curvekit/p384"
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
	var s []string
	for _, p := range backendPackages() {
		s = append(s, fieldAssembly(p.What, p.Assembly))
	}
	return s
}

// packageBackend is one curvekit package's part of the backend, for the
// header's "built on" lines and -json.
type packageBackend struct {
	Package  string   `json:"package"`            // import path below the module: "fieldarith/field25519"
	What     string   `json:"what"`               // "GF(2^255-19)", "curve25519", …
	Assembly string   `json:"assembly,omitempty"` // its Assembly(): the routines that run assembly; empty: Go only
	Failures []string `json:"fast_path_failures,omitempty"`
}

// backendPackages describes the packages with assembly, in a fixed order;
// Failures are the fast paths a first-use self-test switched off (the
// packages that have FastPathFailures).
func backendPackages() []packageBackend {
	return []packageBackend{
		{"fieldarith/field25519", "GF(2^255-19)", field25519.Assembly(), nil},
		{"fieldarith/field448", "GF(2^448-2^224-1)", field448.Assembly(), nil},
		{"fieldarith/fieldp256", "P-256 mod p", fieldp256.Assembly(), nil},
		{"fieldarith/scalarp256", "P-256 mod n", scalarp256.Assembly(), nil},
		{"fieldarith/fieldp384", "P-384 mod p", fieldp384.Assembly(), nil},
		{"fieldarith/scalarp384", "P-384 mod n", scalarp384.Assembly(), nil},
		{"curve25519", "curve25519", curve25519.Assembly(), curve25519.FastPathFailures()},
		{"curve448", "curve448", curve448.Assembly(), nil},
		{"p256", "p256", p256.Assembly(), p256.FastPathFailures()},
		{"p384", "p384", p384.Assembly(), p384.FastPathFailures()},
	}
}

// backendLines is the backend for the table header: the limb size, then
// one line per package with assembly (or a fast path switched off).
func backendLines() []string {
	lines := []string{"curvekit field backend " + shortBackend(fieldBackend)}
	for _, p := range backendPackages() {
		if p.Assembly == "" && len(p.Failures) == 0 {
			continue
		}
		l := fmt.Sprintf("%-18s %s", p.What+":", p.Assembly)
		if p.Assembly == "" {
			l = fmt.Sprintf("%-18s Go", p.What+":")
		}
		if len(p.Failures) > 0 {
			l += " (switched off by its self-test: " + strings.Join(p.Failures, ", ") + ")"
		}
		lines = append(lines, l)
	}
	if len(lines) == 1 {
		lines[0] += ", no assembly"
	}
	return lines
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
