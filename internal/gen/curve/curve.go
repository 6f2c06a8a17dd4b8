// Package curve writes the curve-level code that must be concrete per
// field: the Montgomery-ladder Diffie–Hellman functions of RFC 7748 (X25519,
// X448), stamped from one template (ladder.tmpl, tested by
// ladder_test.tmpl) with the curve's parameters — scalar and point size,
// the clamped bits, a24.
//
// Field arithmetic through a type parameter is not inlined and makes
// temporaries escape (curvekit's DESIGN.md measured an Edwards addition
// over a generic field 1.7× slower, with allocations), so the ladder step,
// which is nothing but field operations, is generated per field instead of
// written once over a type parameter. The group-level skeletons are
// generated for the same reason (internal/gen/DESIGN.md measured a
// generic fixed-window loop 2–3% slower, with allocations): the
// fixed-window ScalarMult and the tables of multiples (window.tmpl), the
// Straus loops over NAFs (straus.tmpl), the constant-time fixed-base comb
// (comb.tmpl), the first-use induction over the basepoint tables
// (basecheck.tmpl), the Point basics (point.tmpl) and the multi-scalar
// multiplications (msm.tmpl, and msm_test.tmpl the tests' reference),
// each over the package's point forms and its step hooks. For curve25519
// it also writes X25519's variable-base ladder over 4 × 64-bit limbs as
// amd64 MULX/ADCX/ADOX assembly and a Go model of it (ladder64.go,
// ladder64asm.go), from the ladder's plans (montladder.go), which
// ladder.tmpl's ladders over field25519 and field448 are written from too. The twisted Edwards point formulas are
// plans too (edwards.go), written as Go over each package's field by
// edwards.tmpl; the fe64 routines share the a = −1 ones. The generator
// internal/gen runs it for every curve package (Files); the output is
// deterministic and gofmt-ed, and CI's generate check fails when a
// committed file differs from it.
//
// For the short Weierstrass curves (P-256, P-384) it stamps the whole
// curve package but its doc.go from weierstrass_*.tmpl (weierstrass.go).
//
// For X25519 and X448 it also writes the crypto/ecdh-shaped key types
// (ecdh.tmpl; ToECDH/FromECDH only where crypto/ecdh has the curve) and
// their RFC 8410 PKIX and PKCS #8 encodings over internal/pkix8410
// (pkix.tmpl), with their tests and examples (pkix_example_test.tmpl), and
// the tests of the packages' length errors (errors_test.tmpl). For the
// RFC 8032 signers over the Edwards curves (ed25519, ed448) it writes the
// signing-key cache's front (keycache.tmpl): concrete per package, since
// through a generic helper the caller's scratch key would escape.
package curve

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/format"
	"path"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

//go:embed ladder.tmpl
var ladderTmpl string

//go:embed ecdh.tmpl
var ecdhTmpl string

//go:embed ecdh_test.tmpl
var ecdhTestTmpl string

//go:embed pkix.tmpl
var pkixTmpl string

//go:embed pkix_test.tmpl
var pkixTestTmpl string

//go:embed scan.tmpl
var scanTmpl string

//go:embed window.tmpl
var windowTmpl string

//go:embed straus.tmpl
var strausTmpl string

//go:embed point.tmpl
var pointTmpl string

//go:embed scan_amd64.tmpl
var scanAmd64Tmpl string

//go:embed scan_noasm.tmpl
var scanNoasmTmpl string

//go:embed scan_amd64_test.tmpl
var scanAmd64TestTmpl string

//go:embed msm.tmpl
var msmTmpl string

//go:embed comb.tmpl
var combTmpl string

//go:embed basecheck.tmpl
var baseCheckTmpl string

//go:embed errors_test.tmpl
var errorsTestTmpl string

//go:embed pkix_example_test.tmpl
var pkixExampleTmpl string

//go:embed keycache.tmpl
var keyCacheTmpl string

//go:embed ladder_test.tmpl
var ladderTestTmpl string

//go:embed msm_test.tmpl
var msmTestTmpl string

//go:embed edwards.tmpl
var edwardsTmpl string

// outputs maps each generated file to its template.
var outputs = map[string]*string{
	"zz_generated_ladder.go":            &ladderTmpl,
	"zz_generated_ladder_test.go":       &ladderTestTmpl,
	"zz_generated_ecdh.go":              &ecdhTmpl,
	"zz_generated_ecdh_test.go":         &ecdhTestTmpl,
	"zz_generated_pkix.go":              &pkixTmpl,
	"zz_generated_pkix_test.go":         &pkixTestTmpl,
	"zz_generated_errors_test.go":       &errorsTestTmpl,
	"zz_generated_pkix_example_test.go": &pkixExampleTmpl,
}

// curvePackage holds what the templates need of a curve package: the
// registry's facts about its curve (derived by newCurvePackage: the
// Montgomery form of RFC 7748, Sections 4 and 5, the sizes, the table
// geometry) and the package's binding — the Go names of its point forms
// and hooks, the shapes of its table entries, and the godoc sentences
// that differ between packages.
type curvePackage struct {
	Curve *registry.Curve

	// From the registry (newCurvePackage).
	Pkg      string // package the file goes into
	Name     string // function name in the RFC: X25519, X448; empty for none
	Bytes    int    // scalar and u-coordinate size
	TopBit   int    // the bit clamping sets (bits above it are cleared)
	LowBits  int    // the low bits clamping clears (log2 of the cofactor)
	A24      int    // (A − 2) / 4, RFC 7748's a24
	A24Plus  int    // (A + 2) / 4, the a24 of the ladder's plans (montladder.go)
	A        int    // the curve coefficient, for the comment
	ModName  string // p, for comments
	Backend  string // the field package, for comments
	BaseName string // the basepoint's u, for comments
	// OIDArc is the last arc of the RFC 8410 OID, 1.3.101.OIDArc, of the
	// PKIX and PKCS #8 encodings (zz_generated_pkix.go).
	OIDArc int
	// StdECDH names the crypto/ecdh curve function of the same function
	// (X25519); none means crypto/ecdh has no such curve, and the keys get
	// no ToECDH/FromECDH and compare equal only to their own type.
	StdECDH string
	// AsmFields names the field packages' Assembly, for Assembly's godoc:
	// the base and scalar fields with amd64 assembly.
	AsmFields string
	// Ladder64 adds the X25519 ladder over 4 × 64-bit limbs (ladder64.go):
	// amd64 assembly, its Go model, and the hook in scalarMultLadder; set
	// when the field has the saturated representation fe64.
	Ladder64 bool

	// The package's binding.

	// Signer is the RFC 8032 signature package over the curve, which gets
	// the signing-key cache (keycache.tmpl); empty for none. SignerPeer
	// names the implementation whose handling of a mismatched public half
	// the cache's comment contrasts.
	Signer, SignerPeer string

	// Example is what the PKIX examples (pkix_example_test.tmpl) parse
	// and print; needed with an RFC 7748 function.
	Example *pkixExample

	// Scans are the entry shapes the package's word scans serve
	// (scan.tmpl); none means no zz_generated_scan.go.
	Scans []scanShape
	// AVX2 are the shapes of the AVX2 scans (scanasm.go); none means no
	// zz_generated_scan_amd64.s and no declaration files.
	AVX2 []avx2Shape
	// AsmNames are the names Assembly may return besides "AVX2 table
	// lookups", each quoted and followed by what it is and where it runs,
	// for Assembly's godoc.
	AsmNames []string
	// AsmMore, if set, is a package function whose result Assembly
	// appends (p256's pointAssembly: the point formulas' assembly, once
	// they have passed their self-test).
	AsmMore string
	// Group is what the group-level skeletons (window.tmpl, straus.tmpl)
	// need of a twisted Edwards package; nil means neither file.
	Group *groupShape
	// Edwards binds the point formulas' plans (edwards.go) to the
	// package's point forms (edwards.tmpl); nil means none.
	Edwards *edwardsShape
}

// groupShape names a curve package's point forms and sizes for the
// group-level skeletons: the fixed-window ScalarMult, the tables of
// multiples and odd multiples, and the Straus loops over NAFs. The
// package supplies the per-step hooks each template's header lists.
type groupShape struct {
	// From the registry (newCurvePackage).
	ScalarBytes int    // Scalar.bytes's buffer
	Digits      int    // signed radix-16 digits of a scalar
	NAFLen      int    // digits of a NAF of a scalar (bits + 1)
	BaseDigit   string // digit type of the basepoint's NAF in varTimeDoubleBase
	OrderBits   int    // bit length of the group order (msm.tmpl's comments)

	// The package's Go names.
	Point        string // the point type the loops set (default Point)
	StrausOnly   bool   // only the Straus loops: no window.tmpl, no varTimeDoubleBase
	Cached       string // the cached form of Point (second operand of additions)
	Affine       string // the affine table-entry form
	FromPoint    string // the method of Cached that sets it from a *Point
	LookupCached string // func(dst *Cached, t *[8]Cached, d int8): d·q, full scan
	// Completed is the form additions produce before the conversion back
	// to Point (FromCompleted), which msm.tmpl's hot loops then write out;
	// empty means they call Point-level additions.
	Completed, FromCompleted string
	// PippengerFast names a package function func(v *Point, sc
	// *msmScratch, digits []int16, c uint) bool that may run Pippenger's
	// windows itself after the affine conversion and the recoding
	// (curve25519's fe64 buckets), reporting whether it did; StrausFast
	// one func(v *Point, sc *msmScratch, points []*Point) bool that may
	// run Straus's method itself after the scalars' load (curve25519's
	// fe64 loop); FastScratch the type of msmScratch's field fast they
	// may use. Empty means none.
	PippengerFast, StrausFast, FastScratch string
	// Fe64CT makes ScalarMult, DoubleScalarMult and MultiScalarMult
	// run on the fe64 backend where fe64CTOn reports it runs (its
	// scalarMult64, doubleScalarMult64 and multiScalarMult64 with
	// fe64GroupAsm), and on the package's own field elements elsewhere
	// (scalarMultWindow, doubleScalarMultWindow, multiScalarMultWindow).
	Fe64CT bool
	// Straus lists the Straus loops to generate.
	Straus []strausSpec
	// Comb is the fixed-base comb's shape (comb.tmpl); nil means none.
	Comb *combShape
	// BaseCheck is the basepoint tables' induction check
	// (basecheck.tmpl); nil means none.
	BaseCheck *baseCheckShape

	// Godoc sentences.
	GeneratorDoc string // what NewGeneratorPoint returns, for its godoc
	EqualNote    string // a sentence Equal's godoc adds, or none
	// EncodingSection is RFC 8032's section of the point encoding, for
	// Bytes's godoc.
	EncodingSection string
	GenName         string // the generator, for VarTimeMultiScalarMult's godoc
	PanicPeer       string // whose length-mismatch panic the MSMs follow, for godoc
}

// baseCheckShape is what the induction over the basepoint tables needs.
type baseCheckShape struct {
	Table     string // the tables' type
	Positions string // positions of the fixed-base table, an expression over t
}

// combShape is a fixed-base comb's table and layout. Window, Spacing,
// Positions and Digits are Go expressions over the table parameter t:
// the registry's geometry as constants where the package has one layout,
// t's fields where it has several (LayoutInTable: curve25519's basepoint
// and PrecomputedPoint tables).
type combShape struct {
	Table         string // the table parameter's type
	LayoutInTable bool   // the layout is t's fields window, spacing, positions, digits
	// MaxDigits is the digit buffer's size, ≥ Digits (an expression);
	// empty means Digits.
	MaxDigits string
	// Fast names a package function func(v *Point, t Table, digits []int8)
	// bool that may run the whole comb in another representation (set v
	// and return true) or decline (false), on public facts only: the
	// build, the CPU, the table. Empty means none (curve448).
	Fast string

	Window, Spacing, Positions, Digits string // set by newCurvePackage
}

// A termTable is the table a Straus term reads.
type termTable int

const (
	cachedTable termTable = iota // a table of Cached entries
	affineTable                  // a table of Affine entries
	eitherTable                  // either, the one that is not nil
)

// strausTermSpec is one term of a Straus loop: its table and whether its
// NAF digits are int16 (else int8).
type strausTermSpec struct {
	Table   termTable
	Digit16 bool
}

// strausSpec is one Straus loop to generate: its terms, and Fe64 for the
// loop over curve25519's fe64 forms (scalar_mul_straus_fe64.go), named with a 64 suffix.
type strausSpec struct {
	Terms []strausTermSpec
	Fe64  bool
}

// The Straus terms the packages use.
var (
	tC   = strausTermSpec{Table: cachedTable}
	tA   = strausTermSpec{Table: affineTable}
	tA16 = strausTermSpec{Table: affineTable, Digit16: true}
	tE16 = strausTermSpec{Table: eitherTable, Digit16: true}
)

// strausLoop is one generated Straus loop.
type strausLoop struct {
	Name   string // varTimeStraus + the kinds
	Terms  []strausTerm
	NAFLen int
	// Acc, Affine and Cached are the running sum's and the tables' types
	// when they are not strausAcc and the group's: a spec ending in "@64"
	// is the loop over curve25519's fe64 forms (scalar_mul_straus_fe64.go), named with
	// a 64 suffix.
	Acc, Affine, Cached string
	// Fe64 is the loop over curve25519's fe64 forms: it takes the fe64
	// arithmetic (an fe64Group) as its first parameter and gives it to
	// the running sum.
	Fe64 bool
}

type strausTerm struct {
	I     int
	Kind  string // C, A or E
	Digit string
}

// Loops lists the Straus loops of Straus.
func (g *groupShape) Loops() []strausLoop {
	var loops []strausLoop
	for _, spec := range g.Straus {
		l := strausLoop{Name: "varTimeStraus", NAFLen: g.NAFLen, Acc: "strausAcc", Affine: g.Affine, Cached: g.Cached}
		if spec.Fe64 {
			l.Acc, l.Affine, l.Cached, l.Fe64 = "straus64Acc", "affine64", "cached64", true
		}
		for _, ts := range spec.Terms {
			t := strausTerm{I: len(l.Terms), Kind: [...]string{"C", "A", "E"}[ts.Table], Digit: "int8"}
			if ts.Digit16 {
				t.Digit = "int16"
			}
			l.Name += t.Kind
			l.Terms = append(l.Terms, t)
		}
		if spec.Fe64 {
			l.Name += "64"
		}
		loops = append(loops, l)
	}
	return loops
}

// Params is the loop's parameter list.
func (l strausLoop) Params(g *groupShape) string {
	var b bytes.Buffer
	if l.Fe64 {
		b.WriteString("g fe64Group, ")
	}
	for _, t := range l.Terms {
		if t.I > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "n%d *[%d]%s", t.I, l.NAFLen, t.Digit)
		if t.Kind != "C" {
			fmt.Fprintf(&b, ", a%d []%s", t.I, l.Affine)
		}
		if t.Kind != "A" {
			fmt.Fprintf(&b, ", c%d []%s", t.I, l.Cached)
		}
	}
	return b.String()
}

// PointType is the point type the generated functions set.
func (g *groupShape) PointType() string {
	if g.Point == "" {
		return "Point"
	}
	return g.Point
}

// WindowDoublings is the fixed-window loop's doubling count.
func (g *groupShape) WindowDoublings() int { return 4 * (g.Digits - 1) }

// DoubleAdds is DoubleScalarMult's addition count.
func (g *groupShape) DoubleAdds() int { return 2 * g.Digits }

// NAFPositions is the last position of a NAF array; NAFWords the 64-bit
// words of NAF masks that can be nonzero for scalars below the order.
func (g *groupShape) NAFPositions() int { return g.NAFLen - 1 }
func (g *groupShape) NAFWords() int     { return (g.OrderBits + 1 + 63) / 64 }

// BaseNAF is the tables function that recodes the basepoint's scalar.
func (g *groupShape) BaseNAF() string {
	if g.BaseDigit == "int16" {
		return "VarTimeNAF16"
	}
	return "VarTimeNAF"
}

// scanShape is one table-entry layout for the word scans: Elems field
// elements of the registry representation Rep (empty: the field's 64-bit
// representation), the identity's elements OneElems equal to 1.
type scanShape struct {
	Elems    int
	Rep      string
	OneElems []int
	What     string // the entry type, for comments
	Sixteen  bool   // also the second half of 16-entry scans
	// Words and Ones are set by newCurvePackage: the 64-bit words per
	// entry, and the words that hold a 1 in the identity when
	// oneIsWordOne.
	Words int
	Ones  []int
	// Halves is 2·Words: the 32-bit words per entry (the scans on 32-bit
	// machines, scan.tmpl's select8Halves).
	Halves int
	// ScanID: the identity is not made of the field's ones (curve25519's
	// halved fe64 entries), so it is always scanned, whatever oneIsWordOne.
	ScanID bool
}

// pkixExample is Wycheproof's <function>_pem_test case 1, which the PKIX
// examples parse, and what they print: the base64 lines of the PEM
// blocks, the expected shared secret, the public key of the private key
// as openssl writes it, and the peer's key in hex.
type pkixExample struct {
	PrivatePEM, PeerPEM, PublicPEM []string
	Shared, PeerHex                string
}

// bindings are the curve packages' bindings to the registry curves.
var bindings = []struct {
	curve *registry.Curve
	pkg   curvePackage
}{
	{registry.Edwards25519, curvePackage{
		Signer: "ed25519", SignerPeer: "crypto/ed25519",
		Example: &pkixExample{
			PrivatePEM: []string{"MC4CAQAwBQYDK2VuBCIEIMip1akQka2FHGaLBzbByaApNsDTrWJnCFgIgEe6BXR1"},
			PeerPEM:    []string{"MCowBQYDK2VuAyEAUEo2mZ9InNL9vAi6/z2I+gBWm6mGy6IlSP/egPmAaCk="},
			PublicPEM:  []string{"MCowBQYDK2VuAyEAX2S0HM6Kaz1qOHYwiPYVpJd9QiKIrkK0mrOlfi/Nb20="},
			Shared:     "436a2c040cf45fea9b29a0cb81b1f41458f863d0d61b453d0a982720d6d61320",
			PeerHex:    "504a36999f489cd2fdbc08baff3d88fa00569ba986cba22548ffde80f9806829",
		},
		Scans: []scanShape{
			{Elems: 3, OneElems: []int{0, 1}, What: "affineCached: three 5-word field elements", Sixteen: true},
			{Elems: 4, OneElems: []int{0, 1, 2}, What: "projCached: four 5-word field elements"},
			{Elems: 3, Rep: "fe64", What: "comb64Entry: three halved fe64 elements", Sixteen: true, ScanID: true},
		},
		AVX2: []avx2Shape{
			{Elems: 3, Entries: 8, What: "affineCached"},
			{Elems: 3, Entries: 16, What: "affineCached"},
			{Elems: 4, Entries: 8, What: "projCached"},
			{Elems: 3, Rep: "fe64", Entries: 16, What: "comb64Entry"},
		},
		AsmMore: "fe64Assembly", // the fe64 comb and verification loop
		AsmNames: []string{
			`"BMI2/ADX X25519 ladder": X25519 with a variable base point, on CPUs
//     with BMI2 and ADX (not with -tags curvekit32).`,
			`"BMI2/ADX constant-time multiplication": (*Point).ScalarMult,
//     DoubleScalarMult and MultiScalarMult, on CPUs with BMI2 and ADX (not
//     with -tags curvekit32).`,
			`"BMI2/ADX fixed-base comb": (*Point).ScalarBaseMult, which X25519
//     with the base point and Ed25519 key generation and signing use, on
//     CPUs with BMI2, ADX and AVX2 (not with -tags curvekit32).`,
			`"BMI2/ADX verification loop": (*Point).VarTimeSplitBaseMult, the core
//     of Ed25519 verification, VarTimeDoubleScalarMult,
//     VarTimeDoubleScalarBaseMult and VarTimeMultiScalarMult (Straus and
//     Pippenger, the core of batch verification), on CPUs with BMI2 and ADX
//     (not with -tags curvekit32).`,
		},
		Group: &groupShape{Cached: "projCached", Affine: "affineCached", FromPoint: "fromP3",
			GeneratorDoc: "the canonical generator B (y = 4/5, x positive)", EncodingSection: "5.1.2",
			LookupCached: "lookupCached",
			Completed:    "projP1xP1", FromCompleted: "fromP1xP1",
			PippengerFast: "pippenger64Hook", StrausFast: "straus64Hook", FastScratch: "msm64Scratch", Fe64CT: true,
			GenName: "the canonical generator", PanicPeer: ", as\n// filippo.io/edwards25519 does",
			Straus: []strausSpec{
				{Terms: []strausTermSpec{tC}},
				{Terms: []strausTermSpec{tC, tC}},
				{Terms: []strausTermSpec{tC, tA16}},
				{Terms: []strausTermSpec{tE16, tA16, tE16, tC}},
				{Terms: []strausTermSpec{tE16, tA16, tE16, tC}, Fe64: true},
			},
			Comb:      &combShape{Table: "*basepointTables", LayoutInTable: true, MaxDigits: "maxFixedDigits", Fast: "comb64Hook"},
			BaseCheck: &baseCheckShape{Table: "*basepointTables", Positions: "t.positions"}},
		Edwards: edwards25519Shape,
	}},
	{registry.Edwards448, curvePackage{
		Signer: "ed448", SignerPeer: "circl",
		Example: &pkixExample{
			PrivatePEM: []string{"MEYCAQAwBQYDK2VvBDoEOOQcY9UVnIneEhY/3p0Ezx9DDzRriywfKksfWu5j0Xrs", "KdSx3r+LZFfngJ0rFf+Xecl77LBLgk76"},
			PeerPEM:    []string{"MEIwBQYDK2VvAzkA+Ac/wByDWDYsCHQMkUtBmEfvHkCfTkDZRA/rwm8AVRrbHDfG", "wqh9goO4y0U+kooNQnk/colOD4E="},
			PublicPEM:  []string{"MEIwBQYDK2VvAzkAn8reRKc6u+q75p7HOa680egVNTGrojRhylvq1hUlanZPX+Dn", "cBpPGGzwsoRMC7Iplq5nMlrjXig="},
			Shared:     "acd496ceb5f68bf9c267196b405f59701a40ec88744b7e5e60bf8f81e8b13df448efe402001750edb0b695a0512f08c572a2e356493d170b",
			PeerHex:    "f8073fc01c8358362c08740c914b419847ef1e409f4e40d9440febc26f00551adb1c37c6c2a87d8283b8cb453e928a0d42793f72894e0f81",
		},
		Scans: []scanShape{
			{Elems: 3, OneElems: []int{1}, What: "affinePoint: three 8-word field elements"},
			{Elems: 5, OneElems: []int{0, 2, 3}, What: "cachedPoint: five 8-word field elements"},
		},
		AVX2: []avx2Shape{
			{Elems: 3, Entries: 8, What: "affinePoint"},
			{Elems: 5, Entries: 8, What: "cachedPoint"},
		},
		Group: &groupShape{Cached: "cachedPoint", Affine: "affinePoint", FromPoint: "fromP",
			GeneratorDoc:    "the basepoint B of RFC 8032,\n// Section 5.2, which generates the subgroup of prime order q",
			EncodingSection: "5.2.2",
			EqualNote:       "Z is never 0 on a valid point, so\n// unlike circl's Point.IsEqual (circl#545) no invalid representation\n// compares equal to everything.",
			LookupCached:    "lookupCachedDigit",
			GenName:         "the basepoint B",
			Straus: []strausSpec{
				{Terms: []strausTermSpec{tC}},
				{Terms: []strausTermSpec{tC, tA}},
				{Terms: []strausTermSpec{tC, tC}},
				{Terms: []strausTermSpec{tA, tA, tC, tC}},
			},
			Comb:      &combShape{Table: "*baseTables"},
			BaseCheck: &baseCheckShape{Table: "*baseTables", Positions: "len(t.comb)"}},
		Edwards: edwards448Shape,
	}},
	// P-256 has no RFC 7748 function: only the scans and the Straus loop.
	{registry.P256, curvePackage{
		Scans: []scanShape{
			{Elems: 2, What: "affinePoint: two 4-word field elements", Sixteen: true},
		},
		AVX2: []avx2Shape{
			{Elems: 2, Entries: 8, What: "affinePoint"},
			{Elems: 2, Entries: 32, What: "affinePoint"},
		},
		AsmMore: "pointAssembly", // groupAssembly after the point self-test
		AsmNames: []string{
			`"BMI2/ADX Jacobian point formulas": point doubling and addition in
//     ECDSA signing, verification and ECDH, on CPUs with BMI2 and ADX (not
//     with -tags curvekit32).`,
		},
		// The interleaved-wNAF verification loop (Jacobian, SEC 1 scalars
		// recoded big-endian): only the Straus loop.
		Group: &groupShape{Point: "point", StrausOnly: true, Cached: "jacobianPoint", Affine: "affinePoint",
			Straus:    []strausSpec{{Terms: []strausTermSpec{tA, tC}}},
			BaseCheck: &baseCheckShape{Table: "*basepointTables", Positions: "len(t.base)"}}},
	},
	// P-384: P-256's shapes with six-limb elements and 16-entry positions.
	{registry.P384, curvePackage{
		Scans: []scanShape{
			{Elems: 2, What: "affinePoint: two 6-word field elements", Sixteen: true},
		},
		AVX2: []avx2Shape{
			{Elems: 2, Entries: 8, What: "affinePoint"},
			{Elems: 2, Entries: 16, What: "affinePoint"},
		},
		AsmMore: "pointAssembly",
		Group: &groupShape{Point: "point", StrausOnly: true, Cached: "jacobianPoint", Affine: "affinePoint",
			Straus:    []strausSpec{{Terms: []strausTermSpec{tA, tC}}},
			BaseCheck: &baseCheckShape{Table: "*basepointTables", Positions: "len(t.base)"}}},
	},
}

// curves are the curve packages, by registry curve name.
var curves = func() map[string]curvePackage {
	m := map[string]curvePackage{}
	for _, b := range bindings {
		m[b.curve.Name] = newCurvePackage(b.curve, b.pkg)
	}
	return m
}()

// words is the 64-bit words of one element of rc's field in the
// representation named rep, or in the field's 64-bit representation.
func words(rc *registry.Curve, rep string) int {
	for _, r := range rc.Field.Reps {
		if (rep == "" && r.Word == 64 && r.Pkg == "") || r.Name == rep {
			return r.LimbCount()
		}
	}
	panic("curve: " + rc.Name + " has no representation " + rep)
}

// newCurvePackage completes a package's binding c with the facts of its
// registry curve rc.
func newCurvePackage(rc *registry.Curve, c curvePackage) curvePackage {
	c.Curve, c.Pkg, c.Backend = rc, rc.Pkg, rc.Field.Pkg
	var asm []string
	for _, f := range []*registry.Field{rc.Field, rc.Scalar} {
		for _, r := range f.Reps {
			if r.Asm && r.Pkg == "" {
				asm = append(asm, f.Pkg+".Assembly")
				break
			}
		}
	}
	c.AsmFields = strings.Join(asm, "\n// and ")
	c.Scans = slices.Clone(c.Scans)
	for i, sh := range c.Scans {
		limbs := words(rc, sh.Rep)
		sh.Words, sh.Ones = sh.Elems*limbs, nil
		sh.Halves = 2 * sh.Words
		for _, e := range sh.OneElems {
			sh.Ones = append(sh.Ones, e*limbs)
		}
		c.Scans[i] = sh
	}
	c.AVX2 = slices.Clone(c.AVX2)
	for i, sh := range c.AVX2 {
		c.AVX2[i].Words = sh.Elems * words(rc, sh.Rep)
		for _, g := range c.Scans {
			if g.Elems != sh.Elems || g.Rep != sh.Rep || (sh.Entries != 8 && (sh.Entries != 16 || !g.Sixteen)) {
				continue
			}
			c.AVX2[i].GoScan = fmt.Sprintf("select%dWords%d", sh.Entries, g.Words)
			c.AVX2[i].GoOnes = len(g.OneElems) > 0 && !g.ScanID
		}
	}
	c.Ladder64 = rc.Field.Rep("fe64") != nil
	if m := rc.Montgomery; m != nil {
		c.Name, c.A, c.A24, c.A24Plus, c.OIDArc = m.Function, m.A, m.A24(), m.A24Plus(), m.OIDArc
		c.Bytes = rc.Field.Size
		c.TopBit = rc.Field.Modulus.BitLen() - 1
		c.LowBits = rc.LogCofactor()
		c.ModName = rc.Field.Expr()
		c.BaseName = strconv.Itoa(m.BaseU)
		if m.StdECDH {
			c.StdECDH = m.Function
		}
	}
	if c.Group != nil {
		g := *c.Group
		g.NAFLen = 8*rc.Scalar.Size + 1
		if !g.StrausOnly {
			g.ScalarBytes = rc.Scalar.Size
			g.Digits = 8 * rc.Scalar.Size / 4
			g.OrderBits = rc.OrderBits()
			g.BaseDigit = "int8"
			if rc.Tables.NAFWindow > 8 { // digits up to ±(2^(w−1) − 1)
				g.BaseDigit = "int16"
			}
		}
		if g.Comb != nil {
			cs := *g.Comb
			if cs.LayoutInTable {
				cs.Window, cs.Spacing, cs.Positions, cs.Digits = "t.window", "t.spacing", "t.positions", "t.digits"
			} else {
				w, s := rc.Tables.CombWindow, rc.Tables.CombSpacing
				cs.Window, cs.Spacing = strconv.Itoa(w), strconv.Itoa(s)
				cs.Positions, cs.Digits = strconv.Itoa(rc.CombPositions(w, s)), strconv.Itoa(rc.CombDigits(w))
			}
			if cs.MaxDigits == "" {
				cs.MaxDigits = cs.Digits
			}
			g.Comb = &cs
		}
		c.Group = &g
	}
	return c
}

// outputs returns the files generated for c: every entry of outputs for
// an RFC 7748 curve, and the scans if c has any.
func (c curvePackage) outputs() map[string]*string {
	m := map[string]*string{}
	if c.Name != "" { // a Montgomery curve with an RFC 7748 function
		for k, v := range outputs {
			m[k] = v
		}
	}
	if len(c.Scans) > 0 {
		m["zz_generated_scan.go"] = &scanTmpl
	}
	if len(c.AVX2) > 0 {
		m["zz_generated_scan_amd64.go"] = &scanAmd64Tmpl
		m["zz_generated_scan_noasm.go"] = &scanNoasmTmpl
		m["zz_generated_scan_amd64_test.go"] = &scanAmd64TestTmpl
	}
	if c.Edwards != nil {
		m["zz_generated_edwards_formulas.go"] = &edwardsTmpl
	}
	if c.Group != nil {
		m["zz_generated_straus.go"] = &strausTmpl
		if !c.Group.StrausOnly {
			m["zz_generated_window.go"] = &windowTmpl
			m["zz_generated_point.go"] = &pointTmpl
			m["zz_generated_msm.go"] = &msmTmpl
			m["zz_generated_msm_test.go"] = &msmTestTmpl
		}
		if c.Group.Comb != nil {
			m["zz_generated_comb.go"] = &combTmpl
		}
		if c.Group.BaseCheck != nil {
			m["zz_generated_basecheck.go"] = &baseCheckTmpl
		}
	}
	return m
}

// Derived values the template uses.
// Lower is Name in lower case, the prefix of the package's test data files.
func (c curvePackage) Lower() string { return strings.ToLower(c.Name) }

func (c curvePackage) TopByte() int   { return c.TopBit / 8 }
func (c curvePackage) TopMask() int   { return 1<<(c.TopBit%8) | (1<<(c.TopBit%8) - 1) } // bits ≤ TopBit
func (c curvePackage) TopSet() int    { return 1 << (c.TopBit % 8) }
func (c curvePackage) LowMask() int   { return 0xff &^ (1<<c.LowBits - 1) }
func (c curvePackage) FirstStep() int { return c.TopBit - 1 }
func (c curvePackage) Steps() int     { return c.TopBit - c.LowBits }
func (c curvePackage) RFCSteps() int  { return 8 * c.Bytes }

// Ladder is the ladder's plans written over the package's field (ladder.tmpl).
func (c curvePackage) Ladder() montLadder { return montLadderGo(c.A24Plus) }

// PointBytes is the length of the Edwards point encoding of RFC 8032
// (Sections 5.1.2 and 5.2.2): the bits of p and a sign bit, in whole bytes.
func (c curvePackage) PointBytes() int { return (c.Curve.Field.Modulus.BitLen() + 1 + 7) / 8 }

// funcs are the templates' functions beyond text/template's.
var funcs = template.FuncMap{
	"add": func(a, b int) int { return a + b },
	"mul": func(a, b int) int { return a * b },
}

func generate(c curvePackage, tmpl string) ([]byte, error) {
	t, err := template.New("curvegen").Funcs(funcs).Parse(tmpl)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by internal/gen/curve. DO NOT EDIT.\n\n")
	if err := t.Execute(&b, c); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}

// files returns every file generated for c, by name: the templates'
// outputs and the AVX2 scans' assembly.
func (c curvePackage) files() (map[string][]byte, error) {
	m := map[string][]byte{}
	for name, tmpl := range c.outputs() {
		src, err := generate(c, *tmpl)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		m[name] = src
	}
	if c.Signer != "" {
		// The signer's file, in the signer's package.
		src, err := generate(c, keyCacheTmpl)
		if err != nil {
			return nil, fmt.Errorf("keycache: %v", err)
		}
		m["../"+c.Signer+"/zz_generated_keycache.go"] = src
	}
	if len(c.AVX2) > 0 {
		src, err := avx2Scans(c.AVX2)
		if err != nil {
			return nil, err
		}
		m["zz_generated_scan_amd64.s"] = src
	}
	if c.Ladder64 {
		for name, src := range map[string][]byte{
			"zz_generated_ladder64.go":       ladder64Go(c),
			"zz_generated_ladder64_amd64.go": ladder64Decl(c),
			"zz_generated_ladder64_noasm.go": ladder64NoAsm(c),
		} {
			out, err := format.Source(src)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			m[name] = out
		}
		m["zz_generated_ladder64_amd64.s"] = ladder64Asm()
	}
	return m, nil
}

// Files returns every file generated for every curve package, keyed by
// path relative to the module root.
func Files() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, c := range curves {
		files, err := c.files()
		if err != nil {
			return nil, fmt.Errorf("curve %s: %v", c.Pkg, err)
		}
		for name, src := range files {
			out[path.Join(c.Pkg, name)] = src
		}
	}
	w, err := weierstrassFilesAll()
	if err != nil {
		return nil, err
	}
	for p, src := range w {
		if _, dup := out[p]; dup {
			return nil, fmt.Errorf("curve: %s is written twice", p)
		}
		out[p] = src
	}
	return out, nil
}
