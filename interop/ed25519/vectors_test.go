package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"encoding/csv"
	"github.com/curvekit/curvekit/ed25519"
	"os"
	"strconv"
	"strings"
	"testing"

	filippo "filippo.io/edwards25519"
	"github.com/hdevalence/ed25519consensus"
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
	readJSON(t, "../../ed25519/testdata/wycheproof/ed25519_test.json", &wp)
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
	readJSON(t, "../../ed25519/testdata/cctv/ed25519vectors.json", &cctv)
	for _, c := range cctv {
		out = append(out, vectorCase{"cctv", strconv.Itoa(c.Number),
			mustHex(t, c.Key), []byte(c.Msg), mustHex(t, c.Sig), nil, c.Flags})
	}

	var zip []struct {
		VkBytes     string `json:"vk_bytes"`
		SigBytes    string `json:"sig_bytes"`
		ValidZip215 bool   `json:"valid_zip215"`
	}
	readJSON(t, "../../ed25519/testdata/zip215/zip215.json", &zip)
	for i, c := range zip {
		valid := c.ValidZip215
		out = append(out, vectorCase{"zip215", strconv.Itoa(i),
			mustHex(t, c.VkBytes), []byte("Zcash"), mustHex(t, c.SigBytes), &valid, nil})
	}
	return out
}

// oracleSmallOrder decides small order with filippo.io/edwards25519, not
// with this package's group code.
func oracleSmallOrder(enc []byte) bool {
	P, err := new(filippo.Point).SetBytes(enc)
	if err != nil {
		return false
	}
	return new(filippo.Point).MultByCofactor(P).Equal(filippo.NewIdentityPoint()) == 1
}

// oracleOutcome returns the expected outcome per policy, each from an
// independent check: crypto/ed25519 (PolicyDefault), ed25519consensus
// (PolicyZIP215), and PolicyStrict's checklist evaluated as crypto/ed25519's
// answer plus the canonical (math/big) and small-order (filippo) tests on A
// and R. It also returns why the policies disagree, if they do.
func oracleOutcome(c vectorCase) (def, zip, strict bool, why string) {
	def = stdVerify(c.pub, c.msg, c.sig, &stdOptionsPure)
	zip = len(c.pub) == 32 && ed25519consensus.Verify(c.pub, c.msg, c.sig)
	var reasons []string
	if len(c.pub) == 32 && len(c.sig) == 64 {
		A, R := c.pub, c.sig[:32]
		aCanon, rCanon := canonicalOracle(A), canonicalOracle(R)
		aSmall, rSmall := oracleSmallOrder(A), oracleSmallOrder(R)
		strict = def && aCanon && rCanon && !aSmall && !rSmall
		if !aCanon {
			reasons = append(reasons, "A non-canonical")
		}
		if aSmall {
			reasons = append(reasons, "A small order")
		}
		if !rCanon {
			reasons = append(reasons, "R non-canonical")
		}
		if rSmall {
			reasons = append(reasons, "R small order")
		}
		if zip && !def && rCanon {
			reasons = append(reasons, "cofactored equation only")
		}
	}
	if def == zip && zip == strict {
		return def, zip, strict, ""
	}
	return def, zip, strict, strings.Join(reasons, "; ")
}

var stdOptionsPure = stded25519.Options{}

const expectedPath = "../../ed25519/testdata/expected.csv"

// TestWriteExpected regenerates ed25519/testdata/expected.csv from the oracles, with
// CURVEKIT_WRITE_EXPECTED=1. The code under test is not consulted.
func TestWriteExpected(t *testing.T) {
	if os.Getenv("CURVEKIT_WRITE_EXPECTED") != "1" {
		t.Skip("set CURVEKIT_WRITE_EXPECTED=1 to regenerate " + expectedPath)
	}
	f, err := os.Create(expectedPath)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	w.Write([]string{"source", "id", "default", "zip215", "strict", "why the policies differ"})
	for _, c := range loadVectorCases(t) {
		def, zip, strict, why := oracleOutcome(c)
		w.Write([]string{c.source, c.id, verdict(def), verdict(zip), verdict(strict), why})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func verdict(ok bool) string {
	if ok {
		return "accept"
	}
	return "reject"
}

// TestVectorFiles re-derives every row of ed25519/testdata/expected.csv from
// the oracles (crypto/ed25519, ed25519consensus, filippo), so that the table
// the library's TestVectorFiles checks curvekit against cannot drift from
// them, and checks curvekit against each row too.
func TestVectorFiles(t *testing.T) {
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
	for _, c := range cases {
		name := c.source + "/" + c.id
		row, ok := table[name]
		if !ok {
			t.Fatalf("%s: not in the table", name)
		}
		def, zip, strict, why := row[2] == "accept", row[3] == "accept", row[4] == "accept", row[5]
		od, oz, ost, ow := oracleOutcome(c)
		if od != def || oz != zip || ost != strict || ow != why {
			t.Errorf("%s: table row %v disagrees with the oracles (%v %v %v %q)", name, row[2:], od, oz, ost, ow)
		}
		for i, p := range []ed25519.Policy{ed25519.PolicyDefault, ed25519.PolicyZIP215, ed25519.PolicyStrict} {
			got := ed25519.VerifyWithOptions(c.pub, c.msg, c.sig, &ed25519.Options{Policy: p}) == nil
			if verdict(got) != row[2+i] {
				t.Errorf("%s: %v got %v, table says %s", name, p, got, row[2+i])
			}
		}
	}
}
