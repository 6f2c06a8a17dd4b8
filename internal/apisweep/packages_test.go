package apisweep

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// schemes lists the scheme-level packages, relative to the module root,
// that the fail-closed rule covers. A new one is one line here plus its
// sweep_test.go calling Run (zz_generated_sweep_test.go in the packages
// stamped from the Weierstrass templates). curve25519 and curve448 are listed for their
// X25519/X448 functions and key types; their group arithmetic is named in
// the Arithmetic field of their sweeps.
var schemes = []string{
	"ed25519",
	"ed448",
	"p256",
	"p384",
	"curve25519",
	"curve448",
	"batch",
	"handshake/ntor",
	"handshake/ntorv3",
	"handshake/hsntor",
	"handshake/ace",
}

// TestEverySchemeSwept fails when a scheme-level package has no sweep.
func TestEverySchemeSwept(t *testing.T) {
	for _, dir := range schemes {
		src, err := os.ReadFile(filepath.Join("..", "..", dir, "sweep_test.go"))
		if os.IsNotExist(err) {
			src, err = os.ReadFile(filepath.Join("..", "..", dir, "zz_generated_sweep_test.go"))
		}
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		if !strings.Contains(string(src), "apisweep.Run(t, apisweep.Config{") {
			t.Errorf("%s/sweep_test.go does not call apisweep.Run", dir)
		}
	}
}
