package field

import (
	"bytes"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

// TestMontSafegcdSizes checks which field sizes get a safegcd Invert: the
// 32- and 48-byte fields with Safegcd set are stamped with the matching
// safegcd type, and any other size is refused rather than generated.
func TestMontSafegcdSizes(t *testing.T) {
	for _, tc := range []struct {
		f    *registry.Field
		ctor string
	}{
		{registry.FP256, "safegcd.NewModulus(\n\t[4]uint64{"},
		{registry.FP384, "safegcd.NewModulus384(\n\t[6]uint64{"},
		{registry.SP384, "safegcd.NewModulus384(\n\t[6]uint64{"},
	} {
		if !tc.f.Safegcd {
			t.Fatalf("%s: Safegcd is not set", tc.f.Pkg)
		}
		out, err := montGenerate(tc.f)
		if err != nil {
			t.Fatalf("%s: %v", tc.f.Pkg, err)
		}
		src := out[tc.f.Pkg+"/zz_generated_safegcd.go"]
		if !bytes.Contains(src, []byte(tc.ctor)) {
			t.Errorf("%s: zz_generated_safegcd.go does not call %q", tc.f.Pkg, tc.ctor)
		}
		if out[tc.f.Pkg+"/zz_generated_safegcd_test.go"] == nil {
			t.Errorf("%s: no zz_generated_safegcd_test.go", tc.f.Pkg)
		}
	}
	f := *registry.S448 // 56 bytes: beyond Modulus384
	f.Safegcd = true
	if _, err := montGenerate(&f); err == nil || !strings.Contains(err.Error(), "safegcd") {
		t.Fatalf("safegcd for a %d-byte field: err = %v, want a refusal", f.Size, err)
	}
}
