package curve

import (
	"bytes"
	"os"
	"strings"
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
	c := curves["edwards25519"]
	if c.LowMask() != 248 || c.TopByte() != 31 || c.TopMask() != 127 || c.TopSet() != 64 || c.FirstStep() != 253 {
		t.Errorf("25519: %d %d %d %d %d", c.LowMask(), c.TopByte(), c.TopMask(), c.TopSet(), c.FirstStep())
	}
	c = curves["edwards448"]
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

// TestFromRegistry checks the values newCurvePackage derives from the
// registry against RFC 7748 (Sections 4.1, 4.2 and 5) and RFC 8032's
// scalar sizes, and the typed Straus specs against the loop names the
// curve packages call.
func TestFromRegistry(t *testing.T) {
	for _, tc := range []struct {
		curve                 string
		name, mod, base       string
		bytes, a24, top, low  int
		digits, nafLen, oBits int
		comb                  [4]string
		loops                 []string
	}{
		{"edwards25519", "X25519", "2^255 − 19", "9", 32, 121665, 254, 3, 64, 257, 253,
			[4]string{"t.window", "t.spacing", "t.positions", "t.digits"},
			[]string{"varTimeStrausC", "varTimeStrausCC", "varTimeStrausCA", "varTimeStrausEAEC", "varTimeStrausEAEC64"}},
		{"edwards448", "X448", "2^448 − 2^224 − 1", "5", 56, 39081, 447, 2, 112, 449, 446,
			[4]string{"4", "2", "56", "112"},
			[]string{"varTimeStrausC", "varTimeStrausCA", "varTimeStrausCC", "varTimeStrausAACC"}},
	} {
		c := curves[tc.curve]
		g := c.Group
		if c.Name != tc.name || c.ModName != tc.mod || c.BaseName != tc.base || c.Bytes != tc.bytes ||
			c.A24 != tc.a24 || c.TopBit != tc.top || c.LowBits != tc.low {
			t.Errorf("%s: Montgomery form %+v", tc.curve, c)
		}
		if g.Digits != tc.digits || g.NAFLen != tc.nafLen || g.OrderBits != tc.oBits {
			t.Errorf("%s: digits %d, NAF length %d, order bits %d", tc.curve, g.Digits, g.NAFLen, g.OrderBits)
		}
		if got := [4]string{g.Comb.Window, g.Comb.Spacing, g.Comb.Positions, g.Comb.Digits}; got != tc.comb {
			t.Errorf("%s: comb %v, want %v", tc.curve, got, tc.comb)
		}
		var names []string
		for _, l := range g.Loops() {
			names = append(names, l.Name)
		}
		if strings.Join(names, " ") != strings.Join(tc.loops, " ") {
			t.Errorf("%s: Straus loops %v, want %v", tc.curve, names, tc.loops)
		}
	}
	if p := curves["p256"]; p.Name != "" || p.AsmFields != "fieldp256.Assembly\n// and scalarp256.Assembly" || p.Ladder64 {
		t.Errorf("p256: %q %q %v", p.Name, p.AsmFields, p.Ladder64)
	}
}
