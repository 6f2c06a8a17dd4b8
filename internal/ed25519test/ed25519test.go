// Package ed25519test holds the Ed25519 test inputs that the ed25519
// package's tests and the interop module's share: the vector files
// (Wycheproof, CCTV, ZIP-215) as cases, the table of expected verdicts, the
// mutations of an honest signature, and the special encodings they use. The
// values are built from their definitions with math/big, never by the code
// under test. It is used only by tests.
package ed25519test

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/curvekit/curvekit/internal/ed25519core"
)

var (
	// L is the group order ℓ = 2^252 + 27742317777372353535851937790883648493.
	L, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	// P is the field prime 2^255 − 19.
	P = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
)

// LE32 is x in 32 little-endian bytes (x < 2^256).
func LE32(x *big.Int) []byte {
	out := make([]byte, 32)
	x.FillBytes(out)
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

var (
	// Identity is the canonical encoding of the identity (y = 1).
	Identity = LE32(big.NewInt(1))
	// IdentityNegZero is the identity with the sign bit set (x = −0).
	IdentityNegZero = func() []byte { b := LE32(big.NewInt(1)); b[31] |= 0x80; return b }()
	// IdentityPPlus1 is the identity as y = p + 1, non-canonical.
	IdentityPPlus1 = LE32(new(big.Int).Add(P, big.NewInt(1)))
	// Order2 is the point of order 2, y = −1.
	Order2 = LE32(new(big.Int).Sub(P, big.NewInt(1)))
	// Order8 is a point of order 8.
	Order8, _ = hex.DecodeString("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
	// NotAPoint is y = 2, which has no x on the curve (TestNotAPoint).
	NotAPoint = LE32(big.NewInt(2))
)

// MustHex decodes s or fails the test.
func MustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ReadJSON reads the JSON file at path into v or fails the test.
func ReadJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// A Case is one signature check from a vector file, with what the file
// itself says about it.
type Case struct {
	Source, ID    string // the file ("wycheproof", "cctv", "zip215") and the case's number in it
	Pub, Msg, Sig []byte
	FileValid     *bool    // Wycheproof result / ZIP-215 valid_zip215
	Flags         []string // CCTV flags
}

// Name is Source/ID, the case's key in the expected-verdicts table.
func (c Case) Name() string { return c.Source + "/" + c.ID }

// LoadCases reads every case of the three vector files under dir (the
// ed25519 package's testdata folder).
func LoadCases(t testing.TB, dir string) []Case {
	var out []Case

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
	ReadJSON(t, filepath.Join(dir, "wycheproof/ed25519_test.json"), &wp)
	for _, g := range wp.TestGroups {
		for _, c := range g.Tests {
			valid := c.Result == "valid"
			if c.Result != "valid" && c.Result != "invalid" {
				t.Fatalf("tcId %d: result %q", c.TcID, c.Result)
			}
			out = append(out, Case{"wycheproof", strconv.Itoa(c.TcID),
				MustHex(t, g.PublicKey.Pk), MustHex(t, c.Msg), MustHex(t, c.Sig), &valid, nil})
		}
	}

	var cctv []struct {
		Number        int
		Key, Sig, Msg string
		Flags         []string
	}
	ReadJSON(t, filepath.Join(dir, "cctv/ed25519vectors.json"), &cctv)
	for _, c := range cctv {
		out = append(out, Case{"cctv", strconv.Itoa(c.Number),
			MustHex(t, c.Key), []byte(c.Msg), MustHex(t, c.Sig), nil, c.Flags})
	}

	var zip []struct {
		VkBytes     string `json:"vk_bytes"`
		SigBytes    string `json:"sig_bytes"`
		ValidZip215 bool   `json:"valid_zip215"`
	}
	ReadJSON(t, filepath.Join(dir, "zip215/zip215.json"), &zip)
	for i, c := range zip {
		valid := c.ValidZip215
		out = append(out, Case{"zip215", strconv.Itoa(i),
			MustHex(t, c.VkBytes), []byte("Zcash"), MustHex(t, c.SigBytes), &valid, nil})
	}
	return out
}

// ExpectedFile is the table of expected verdicts under dir.
func ExpectedFile(dir string) string { return filepath.Join(dir, "expected.csv") }

// ReadExpected reads the table of expected verdicts under dir (columns
// source, id, default, zip215, strict, why the policies differ): its rows
// without the header, and the rows by Case.Name.
func ReadExpected(t testing.TB, dir string) (rows [][]string, byName map[string][]string) {
	t.Helper()
	f, err := os.Open(ExpectedFile(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	byName = map[string][]string{}
	for _, r := range all[1:] {
		byName[r[0]+"/"+r[1]] = r
	}
	return all[1:], byName
}

// Verdict is the table's word for a verification result.
func Verdict(ok bool) string {
	if ok {
		return "accept"
	}
	return "reject"
}

// Mutations returns (public key, signature) variants of an honest
// (pub, sig), the honest pair first: bit flips in R, S and A; S + ℓ, S + 2ℓ
// and S + 8ℓ where they fit in 256 bits; the small-order points, the
// identity's non-canonical forms, y = 2 and every y ≥ p, with and without
// the sign bit, as A, as R, and as both with S = 0; random bytes.
func Mutations(rng *rand.Rand, pub, sig []byte) [][2][]byte {
	var out [][2][]byte
	add := func(p, s []byte) { out = append(out, [2][]byte{p, s}) }
	add(pub, sig)
	for range 4 {
		s := bytes.Clone(sig)
		bit := rng.IntN(256)
		s[bit/8] ^= 1 << (bit % 8) // R
		add(pub, s)
		s = bytes.Clone(sig)
		bit = 256 + rng.IntN(256)
		s[bit/8] ^= 1 << (bit % 8) // S
		add(pub, s)
		p := bytes.Clone(pub)
		bit = rng.IntN(256)
		p[bit/8] ^= 1 << (bit % 8)
		add(p, sig)
	}
	S := bigle.Int(sig[32:])
	for _, m := range []int64{1, 2, 8} {
		t := new(big.Int).Add(S, new(big.Int).Mul(L, big.NewInt(m)))
		if t.BitLen() <= 256 {
			add(pub, append(bytes.Clone(sig[:32]), LE32(t)...))
		}
	}
	special := [][]byte{IdentityPPlus1, IdentityNegZero, NotAPoint}
	for _, e := range ed25519core.SmallOrderEncodings {
		special = append(special, bytes.Clone(e[:]))
	}
	for _, d := range []int64{0, 1, 2, 3, 4, 18} { // y − p ∈ [0, 18]: the decodable ones and the rest
		y := LE32(new(big.Int).Add(P, big.NewInt(d)))
		y2 := bytes.Clone(y)
		y2[31] |= 0x80
		special = append(special, y, y2)
	}
	for _, e := range special {
		add(e, sig)
		add(pub, append(bytes.Clone(e), sig[32:]...))
		add(e, append(bytes.Clone(e), make([]byte, 32)...))
	}
	r := make([]byte, 64)
	for i := range r {
		r[i] = byte(rng.Uint32())
	}
	add(pub, r)
	add(r[:32], sig)
	return out
}
