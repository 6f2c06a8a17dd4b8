package main

import (
	"sort"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/amd64sim"
)

// interpreted names, for every assembly file the generator writes, the
// test that runs its routines under an interpreter: internal/gen/amd64sim
// against math/big for the amd64 files (in internal/gen/field or
// internal/gen/curve), the arm and 386 interpreters of
// internal/gen/field's asm32sim_test.go against a model of the Go code for
// the 32-bit files (against math/big for the Montgomery ones).
var interpreted = map[string]string{
	"fieldarith/field25519/zz_generated_fe2625_arm.s":   "TestUnsatAsm32Sim",
	"fieldarith/field25519/zz_generated_fe2625_386.s":   "TestUnsatAsm32Sim",
	"fieldarith/field25519/zz_generated_fe51_amd64.s":   "TestUnsatAsm",
	"fieldarith/field448/zz_generated_fe28_arm.s":       "TestUnsatAsm32Sim",
	"fieldarith/field448/zz_generated_fe28_386.s":       "TestUnsatAsm32Sim",
	"fieldarith/field448/zz_generated_fe56_amd64.s":     "TestUnsatAsm",
	"fieldarith/fieldp256/zz_generated_elem64_amd64.s":  "TestMontAsm",
	"fieldarith/fieldp256/zz_generated_elem32_arm.s":    "TestMontAsm32Sim",
	"fieldarith/fieldp256/zz_generated_elem32_386.s":    "TestMontAsm32Sim",
	"fieldarith/scalarp256/zz_generated_elem64_amd64.s": "TestMontAsm",
	"fieldarith/scalarp256/zz_generated_elem32_arm.s":   "TestMontAsm32Sim",
	"fieldarith/scalarp256/zz_generated_elem32_386.s":   "TestMontAsm32Sim",
	"fieldarith/scalar25519/zz_generated_elem32_arm.s":  "TestMontAsm32Sim",
	"fieldarith/scalar25519/zz_generated_elem32_386.s":  "TestMontAsm32Sim",
	"fieldarith/fieldp384/zz_generated_elem64_amd64.s":  "TestMontAsm",
	"fieldarith/fieldp384/zz_generated_elem32_arm.s":    "TestMontAsm32Sim",
	"fieldarith/fieldp384/zz_generated_elem32_386.s":    "TestMontAsm32Sim",
	"fieldarith/scalarp384/zz_generated_elem64_amd64.s": "TestMontAsm",
	"fieldarith/scalar448/zz_generated_elem32_arm.s":    "TestMontAsm32Sim",
	"fieldarith/scalar448/zz_generated_elem32_386.s":    "TestMontAsm32Sim",
	"fieldarith/scalarp384/zz_generated_elem32_arm.s":   "TestMontAsm32Sim",
	"fieldarith/scalarp384/zz_generated_elem32_386.s":   "TestMontAsm32Sim",
	"p256/zz_generated_jacobian_amd64.s":                "TestPointAsm",
	"p384/zz_generated_jacobian_amd64.s":                "TestPointAsm",
	"curve25519/zz_generated_ladder64_amd64.s":          "TestLadder64Asm",
	"curve25519/zz_generated_scan_amd64.s":              "TestScanAsm",
	"curve448/zz_generated_scan_amd64.s":                "TestScanAsm",
	"p256/zz_generated_scan_amd64.s":                    "TestScanAsm",
	"p384/zz_generated_scan_amd64.s":                    "TestScanAsm",
}

// TestAssemblyInterpreted checks that every assembly file the generator
// writes parses in the interpreter and has a test that runs it, so that a
// new emitter (or a new curve for an old one) is not left checked only on
// amd64 machines with the right CPU.
func TestAssemblyInterpreted(t *testing.T) {
	files, err := generated()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for p := range files {
		if strings.HasSuffix(p, ".s") {
			names = append(names, p)
		}
	}
	sort.Strings(names)
	for _, p := range names {
		if strings.HasSuffix(p, "_amd64.s") {
			if _, err := amd64sim.Parse(string(files[p])); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		}
		if interpreted[p] == "" {
			t.Errorf("%s: no interpreter test runs it: add the curve or field to the emitter's test and the file to interpreted", p)
		}
	}
	for p := range interpreted {
		if _, ok := files[p]; !ok {
			t.Errorf("%s is listed in interpreted but no generator writes it", p)
		}
	}
}
