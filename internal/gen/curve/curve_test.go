package curve

import (
	"bytes"
	"os"
	"testing"
)

// TestCommittedUpToDate checks that each curve package's generated files
// are what the template gives now (CI's generate step checks the same for
// the whole tree).
func TestCommittedUpToDate(t *testing.T) {
	for _, c := range curves {
		files, err := c.files()
		if err != nil {
			t.Fatalf("%s: %v", c.Pkg, err)
		}
		for file, want := range files {
			got, err := os.ReadFile("../../../" + c.Pkg + "/" + file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/%s is stale: run go generate ./...", c.Pkg, file)
			}
		}
	}
}

// TestClampMasks checks the derived clamping constants against RFC 7748's
// decodeScalar25519 and decodeScalar448.
func TestClampMasks(t *testing.T) {
	c := curves["25519"]
	if c.LowMask() != 248 || c.TopByte() != 31 || c.TopMask() != 127 || c.TopSet() != 64 || c.FirstStep() != 253 {
		t.Errorf("25519: %d %d %d %d %d", c.LowMask(), c.TopByte(), c.TopMask(), c.TopSet(), c.FirstStep())
	}
	c = curves["448"]
	if c.LowMask() != 252 || c.TopByte() != 55 || c.TopMask() != 255 || c.TopSet() != 128 || c.FirstStep() != 446 {
		t.Errorf("448: %d %d %d %d %d", c.LowMask(), c.TopByte(), c.TopMask(), c.TopSet(), c.FirstStep())
	}
}

// TestLadder64Bounds checks the fe64 plan's bound rule: the ladder passes,
// and a plan that adds a sum (a value that may reach 2^256) is refused.
func TestLadder64Bounds(t *testing.T) {
	l64Checked()
	defer func() {
		if recover() == nil {
			t.Error("l64CheckSmall accepted a sum of a sum")
		}
	}()
	l64CheckSmall([]feOp{
		{kind: "add", dst: "A", a: "x", b: "x"},
		{kind: "add", dst: "B", a: "A", b: "x"},
	}, map[string]bool{"x": true})
}
