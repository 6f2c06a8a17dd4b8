package ed25519

import (
	"encoding/csv"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
)

// vectorCase is one signature check from a vector file, with what the file
// itself says about it.
type vectorCase struct {
	source, id    string
	pub, msg, sig []byte
	fileValid     *bool    // Wycheproof result / ZIP-215 valid_zip215
	flags         []string // CCTV flags
}

func loadVectorCases(t testing.TB) []vectorCase {
	var out []vectorCase

	var wp struct {
		TestGroups []struct {
			PublicKey struct{ Pk string }
			Tests     []struct {
				TcID     int
				Msg, Sig string
				Result   string
			}
		}
	}
	readJSON(t, "testdata/wycheproof/ed25519_test.json", &wp)
	for _, g := range wp.TestGroups {
		for _, c := range g.Tests {
			valid := c.Result == "valid"
			if c.Result != "valid" && c.Result != "invalid" {
				t.Fatalf("tcId %d: result %q", c.TcID, c.Result)
			}
			out = append(out, vectorCase{"wycheproof", strconv.Itoa(c.TcID),
				mustHex(t, g.PublicKey.Pk), mustHex(t, c.Msg), mustHex(t, c.Sig), &valid, nil})
		}
	}

	var cctv []struct {
		Number        int
		Key, Sig, Msg string
		Flags         []string
	}
	readJSON(t, "testdata/cctv/ed25519vectors.json", &cctv)
	for _, c := range cctv {
		out = append(out, vectorCase{"cctv", strconv.Itoa(c.Number),
			mustHex(t, c.Key), []byte(c.Msg), mustHex(t, c.Sig), nil, c.Flags})
	}

	var zip []struct {
		VkBytes     string `json:"vk_bytes"`
		SigBytes    string `json:"sig_bytes"`
		ValidZip215 bool   `json:"valid_zip215"`
	}
	readJSON(t, "testdata/zip215/zip215.json", &zip)
	for i, c := range zip {
		valid := c.ValidZip215
		out = append(out, vectorCase{"zip215", strconv.Itoa(i),
			mustHex(t, c.VkBytes), []byte("Zcash"), mustHex(t, c.SigBytes), &valid, nil})
	}
	return out
}

const expectedPath = "testdata/expected.csv"

func verdict(ok bool) string {
	if ok {
		return "accept"
	}
	return "reject"
}

// TestVectorFiles checks every case of the three files under every policy
// against testdata/expected.csv and checks the files' own claims. The
// interop module's TestVectorFiles re-derives the table from the oracles
// (crypto/ed25519, ed25519consensus, filippo), so that it cannot drift.
func TestVectorFiles(t *testing.T) { testVectorFiles(t, exported) }

// testVectorFiles is TestVectorFiles on vf.one.
func testVectorFiles(t *testing.T, vf verifier) {
	f, err := os.Open(expectedPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	table := map[string][]string{}
	for _, r := range rows[1:] {
		table[r[0]+"/"+r[1]] = r
	}
	cases := loadVectorCases(t)
	if len(cases) != len(rows)-1 {
		t.Fatalf("%d cases, %d table rows", len(cases), len(rows)-1)
	}
	counts := map[string][3]int{}
	for _, c := range cases {
		name := c.source + "/" + c.id
		row, ok := table[name]
		if !ok {
			t.Fatalf("%s: not in the table", name)
		}
		def, zip, strict, why := row[2] == "accept", row[3] == "accept", row[4] == "accept", row[5]
		if (def != zip || zip != strict) && why == "" {
			t.Errorf("%s: policies differ without an explanation", name)
		}
		n := counts[c.source]
		for i, p := range []Policy{PolicyDefault, PolicyZIP215, PolicyStrict} {
			got := vf.one(c.pub, c.msg, c.sig, &Options{Policy: p}) == nil
			if verdict(got) != row[2+i] {
				t.Errorf("%s: %v got %v, table says %s", name, p, got, row[2+i])
			}
			if got {
				n[i]++
			}
		}
		counts[c.source] = n

		// The files' own claims.
		switch c.source {
		case "wycheproof":
			if *c.fileValid != def {
				t.Errorf("%s: Wycheproof says valid=%v, PolicyDefault column %v", name, *c.fileValid, def)
			}
		case "zip215":
			if *c.fileValid != zip {
				t.Errorf("%s: file says valid_zip215=%v, PolicyZIP215 column %v", name, *c.fileValid, zip)
			}
		case "cctv":
			// Flags decide the ref10 (crypto/ed25519) and strict answers.
			has := func(fl ...string) bool {
				for _, x := range fl {
					if slices.Contains(c.flags, x) {
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
	for _, r := range rows[1:] {
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
