package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"encoding/csv"
	"os"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/ed25519test"

	filippo "filippo.io/edwards25519"
	"github.com/hdevalence/ed25519consensus"
)

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
func oracleOutcome(c ed25519test.Case) (def, zip, strict bool, why string) {
	def = stdVerify(c.Pub, c.Msg, c.Sig, &stdOptionsPure)
	zip = len(c.Pub) == 32 && ed25519consensus.Verify(c.Pub, c.Msg, c.Sig)
	var reasons []string
	if len(c.Pub) == 32 && len(c.Sig) == 64 {
		A, R := c.Pub, c.Sig[:32]
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

// testdata is the ed25519 package's test data, which holds the vector
// files and the table of expected verdicts.
const testdata = "../../ed25519/testdata"

var expectedPath = ed25519test.ExpectedFile(testdata)

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
	for _, c := range ed25519test.LoadCases(t, testdata) {
		def, zip, strict, why := oracleOutcome(c)
		w.Write([]string{c.Source, c.ID, ed25519test.Verdict(def), ed25519test.Verdict(zip), ed25519test.Verdict(strict), why})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestVectorFiles re-derives every row of ed25519/testdata/expected.csv from
// the oracles (crypto/ed25519, ed25519consensus, filippo), so that the table
// the library's TestVectorFiles checks curvekit against cannot drift from
// them, and checks curvekit against each row too.
func TestVectorFiles(t *testing.T) {
	rows, table := ed25519test.ReadExpected(t, testdata)
	cases := ed25519test.LoadCases(t, testdata)
	if len(cases) != len(rows) {
		t.Fatalf("%d cases, %d table rows", len(cases), len(rows))
	}
	for _, c := range cases {
		name := c.Name()
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
			got := ed25519.VerifyWithOptions(c.Pub, c.Msg, c.Sig, &ed25519.Options{Policy: p}) == nil
			if ed25519test.Verdict(got) != row[2+i] {
				t.Errorf("%s: %v got %v, table says %s", name, p, got, row[2+i])
			}
		}
	}
}
