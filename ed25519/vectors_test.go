package ed25519

import (
	"fmt"
	"slices"
	"testing"

	"github.com/curvekit/curvekit/internal/ed25519test"
)

// TestVectorFiles checks every case of the three files under every policy
// against testdata/expected.csv and checks the files' own claims. The
// interop module's TestVectorFiles re-derives the table from the oracles
// (crypto/ed25519, ed25519consensus, filippo), so that it cannot drift.
func TestVectorFiles(t *testing.T) { testVectorFiles(t, exported) }

// testVectorFiles is TestVectorFiles on vf.one.
func testVectorFiles(t *testing.T, vf verifier) {
	rows, table := ed25519test.ReadExpected(t, "testdata")
	cases := ed25519test.LoadCases(t, "testdata")
	if len(cases) != len(rows) {
		t.Fatalf("%d cases, %d table rows", len(cases), len(rows))
	}
	counts := map[string][3]int{}
	for _, c := range cases {
		name := c.Name()
		row, ok := table[name]
		if !ok {
			t.Fatalf("%s: not in the table", name)
		}
		def, zip, strict, why := row[2] == "accept", row[3] == "accept", row[4] == "accept", row[5]
		if (def != zip || zip != strict) && why == "" {
			t.Errorf("%s: policies differ without an explanation", name)
		}
		n := counts[c.Source]
		for i, p := range []Policy{PolicyDefault, PolicyZIP215, PolicyStrict} {
			got := vf.one(c.Pub, c.Msg, c.Sig, &Options{Policy: p}) == nil
			if verdict(got) != row[2+i] {
				t.Errorf("%s: %v got %v, table says %s", name, p, got, row[2+i])
			}
			if got {
				n[i]++
			}
		}
		counts[c.Source] = n

		// The files' own claims.
		switch c.Source {
		case "wycheproof":
			if *c.FileValid != def {
				t.Errorf("%s: Wycheproof says valid=%v, PolicyDefault column %v", name, *c.FileValid, def)
			}
		case "zip215":
			if *c.FileValid != zip {
				t.Errorf("%s: file says valid_zip215=%v, PolicyZIP215 column %v", name, *c.FileValid, zip)
			}
		case "cctv":
			// Flags decide the ref10 (crypto/ed25519) and strict answers.
			has := func(fl ...string) bool {
				for _, x := range fl {
					if slices.Contains(c.Flags, x) {
						return true
					}
				}
				return false
			}
			if flagDef := !has("non_canonical_R", "low_order_residue"); flagDef != def {
				t.Errorf("%s: flags say default=%v, crypto/ed25519 %v", name, flagDef, def)
			}
			if flagStrict := !has("non_canonical_R", "low_order_residue", "non_canonical_A", "low_order_A", "low_order_R"); flagStrict != strict {
				t.Errorf("%s: flags say strict=%v, oracle %v", name, flagStrict, strict)
			}
			// ZIP-215 hashes R as received; reencoded_k cases computed k over
			// the canonical re-encoding, which only matters when R's encoding
			// changed and A has a prime-order part.
			if flagZip := !(has("reencoded_k") && has("non_canonical_R") && !has("low_order_A")); flagZip != zip {
				t.Errorf("%s: flags say zip215=%v, ed25519consensus %v", name, flagZip, zip)
			}
		}
	}
	t.Logf("accepted (default, zip215, strict): %v", counts)
	want := map[string][3]int{}
	for _, r := range rows {
		n := want[r[0]]
		for i := 0; i < 3; i++ {
			if r[2+i] == "accept" {
				n[i]++
			}
		}
		want[r[0]] = n
	}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("counts %v, table %v", counts, want)
	}
}
