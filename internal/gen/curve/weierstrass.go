package curve

import (
	"embed"
	"fmt"
	"go/format"
	"math/big"
	"strings"
	"text/template"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

// The short Weierstrass (a = −3) curve packages are stamped whole from
// weierstrass_*.tmpl, as Go's crypto/internal/fips140/nistec stamps its
// curves from one template: the point type and its complete formulas
// (Renes–Costello–Batina 2016, Algorithms 4–6), the Jacobian helpers of
// the variable-time paths, the constant-time variable-base and fixed-base
// multiplications, the verification's double-base multiplication, the
// basepoint tables' first-use load and cross-check, SEC 1 point
// encodings, keys, ECDSA over internal/ecdsa, the DER signature helpers,
// PKIX and PKCS #8, and the conversions to and from crypto/ecdsa and
// crypto/ecdh. The registry gives the field packages, sizes, constants,
// names and table geometry; weierstrassBindings add what is measured or
// chosen per package (godoc figures, the cross-check's mixed scalar, the
// point assembly's self-test inputs).

//go:embed weierstrass_*.tmpl
var weierstrassTmpls embed.FS

// weierstrassFiles maps each generated file to its template.
var weierstrassFiles = map[string]string{
	"zz_generated_point.go":      "weierstrass_point.tmpl",
	"zz_generated_scalarmult.go": "weierstrass_scalarmult.tmpl",
	"zz_generated_jacobianvt.go": "weierstrass_jacobianvt.tmpl",
	"zz_generated_strausacc.go":  "weierstrass_strausacc.tmpl",
	"zz_generated_lookup.go":     "weierstrass_lookup.tmpl",
	"zz_generated_basetable.go":  "weierstrass_basetable.tmpl",
	"zz_generated_keys.go":       "weierstrass_keys.tmpl",
	"zz_generated_ecdsa.go":      "weierstrass_ecdsa.tmpl",
	"zz_generated_der.go":        "weierstrass_der.tmpl",
	"zz_generated_interop.go":    "weierstrass_interop.tmpl",
	"zz_generated_pkix.go":       "weierstrass_pkix.tmpl",
	"zz_generated_selftest.go":   "weierstrass_selftest.tmpl",
	// Tests.
	"zz_generated_wycheproof_test.go":    "weierstrass_wycheproof_test.tmpl",
	"zz_generated_compare_bench_test.go": "weierstrass_compare_bench_test.tmpl",
	"zz_generated_allocs_test.go":        "weierstrass_allocs_test.tmpl",
	"zz_generated_api_test.go":           "weierstrass_api_test.tmpl",
	"zz_generated_basetable_test.go":     "weierstrass_basetable_test.tmpl",
	"zz_generated_bench_test.go":         "weierstrass_bench_test.tmpl",
	"zz_generated_tablecompute_test.go":  "weierstrass_tablecompute_test.tmpl",
	"zz_generated_differential_test.go":  "weierstrass_differential_test.tmpl",
	"zz_generated_compressed_test.go":    "weierstrass_compressed_test.tmpl",
	"zz_generated_constants_test.go":     "weierstrass_constants_test.tmpl",
	"zz_generated_cttest_test.go":        "weierstrass_cttest_test.tmpl",
	"zz_generated_errors_test.go":        "weierstrass_errors_test.tmpl",
	"zz_generated_example_test.go":       "weierstrass_example_test.tmpl",
	"zz_generated_example_pkix_test.go":  "weierstrass_example_pkix_test.tmpl",
	"zz_generated_exceptional_test.go":   "weierstrass_exceptional_test.tmpl",
	"zz_generated_fuzz_test.go":          "weierstrass_fuzz_test.tmpl",
	"zz_generated_fuzz_peer_test.go":     "weierstrass_fuzz_peer_test.tmpl",
	"zz_generated_fuzz_sign_test.go":     "weierstrass_fuzz_sign_test.tmpl",
	"zz_generated_pkix_test.go":          "weierstrass_pkix_test.tmpl",
	"zz_generated_point_test.go":         "weierstrass_point_test.tmpl",
	"zz_generated_quickstart_test.go":    "weierstrass_quickstart_test.tmpl",
	"zz_generated_rfc6979_test.go":       "weierstrass_rfc6979_test.tmpl",
	"zz_generated_selftest_test.go":      "weierstrass_selftest_test.tmpl",
	"zz_generated_jacobian_asm_test.go":  "weierstrass_jacobian_asm_test.tmpl",
	"zz_generated_signeropts_test.go":    "weierstrass_signeropts_test.tmpl",
	"zz_generated_sweep_test.go":         "weierstrass_sweep_test.tmpl",
}

// weierstrassBinding is what a Weierstrass package adds to its registry
// curve: figures measured on it for its godoc, and data chosen for it.
type weierstrassBinding struct {
	// BaseTableCost is the first use's decoding and verification time,
	// BaseMultSlowdown and VerifySlowdown the table-free paths' cost, for
	// BasepointTableOK's godoc.
	BaseTableCost, BaseMultSlowdown, VerifySlowdown string
	// CrossCheckMixed is the first-use cross-check's last scalar, hex,
	// Size bytes: mixed digits of both signs with runs of zeros.
	CrossCheckMixed string
	// SelfTest are the point assembly's self-test inputs (hex and a
	// comment each): arbitrary elements chosen for their carries.
	SelfTest [][2]string
	// WycheproofECDSA and WycheproofECDH are the package's Wycheproof
	// files (testdata/*.json.gz); ECDHFlag, if set, is a flag at least one
	// ECDH vector must carry, and ECDHFlagWhy the comment that says why.
	WycheproofECDSA, WycheproofECDH []string
	ECDHFlag, ECDHFlagWhy           string
}

// weierstrassBindings are the Weierstrass packages, by registry curve.
var weierstrassBindings = []struct {
	curve *registry.Curve
	b     weierstrassBinding
}{
	{registry.P256, weierstrassBinding{
		BaseTableCost: "about 890 µs", BaseMultSlowdown: "about 4.5×", VerifySlowdown: "about 3×",
		CrossCheckMixed: "7f9e3ca55ac39669f00fe11e0000002db44b78875ff50aa033cc996612345678",
		SelfTest: [][2]string{
			{"ffffffff00000001000000000000000000000000fffffffffffffffffffffffe", "p − 1"},
			{"00000000fffffffd00000002fffffffdffffffff00000001fffffffcffffffff", "limbs p − 1"},
			{"8000000000000000000000000000000000000000000000000000000000000000", "2^255"},
			{"00000000fffffffe00000001fffffffeffffffff00000001fffffffdffffffff", "limbs 2^192 − 1"},
			{"7fffffff80000000800000000000000000000000800000000000000000000000", "(p + 1)/2"},
			{"ffffffff0000000000000000ffffffff0000000000000000fffffffdffffffff", "limbs p − 2^96"},
			{"00000000fffffffeffffffffffffffffffffffff000000000000000000000001", "2^256 − p"},
			{"00000000fffffffd00000003fffffffd0000000000000002fffffffc00000001", "limbs 2^64 − 1"},
		},
		WycheproofECDSA: []string{
			"ecdsa_secp256r1_sha256_test.json.gz",
			"ecdsa_secp256r1_sha512_test.json.gz",
			"ecdsa_secp256r1_sha256_p1363_test.json.gz",
			"ecdsa_secp256r1_sha512_p1363_test.json.gz",
			"ecdsa_secp256r1_sha3_256_test.json.gz",
			"ecdsa_secp256r1_sha3_512_test.json.gz",
			"ecdsa_secp256r1_shake128_test.json.gz",
			"ecdsa_secp256r1_shake128_p1363_test.json.gz",
		},
		WycheproofECDH: []string{
			"ecdh_secp256r1_test.json.gz",
			"ecdh_secp256r1_ecpoint_test.json.gz",
			"ecdh_secp256r1_webcrypto_test.json.gz",
			"ecdh_secp256r1_pem_test.json.gz",
		},
		ECDHFlag:    "CVE-2017-8932",
		ECDHFlagWhy: "The carry-propagation class of CVE-2017-8932 (a wrong\n\t\t\t// reduction in Go's P-256 assembly, golang/go#20040).",
	}},
	{registry.P384, weierstrassBinding{
		BaseTableCost: "about 7 ms", BaseMultSlowdown: "about 5×", VerifySlowdown: "about 3×",
		CrossCheckMixed: "7f9e3ca55ac39669f00fe11e0000002db44b78875ff50aa033cc996612345678a5c3000000009e3c5a96f00fe11e2d4b",
		SelfTest: [][2]string{
			{"fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000fffffffe", "p − 1"},
			{"800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", "2^383"},
			{"7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7fffffff800000000000000080000000", "(p + 1)/2"},
			{"000000000000000000000000000000000000000000000000000000000000000100000000ffffffffffffffff00000001", "2^384 − p"},
			{"000000000000000000000000000000000000000000000000ffffffffffffffffffffffffffffffffffffffffffffffff", "2^192 − 1"},
			{"00000000000000000000000000000000ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "2^256 − 1"},
			{"fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdffffffff0000000000000000ffffffff", "p − 2^128"},
			{"00000000000000000000000000000000000000000000000000000000000000000000000000000000ffffffffffffffff", "2^64 − 1"},
		},
		WycheproofECDSA: []string{
			"ecdsa_secp384r1_sha384_test.json.gz",
			"ecdsa_secp384r1_sha384_p1363_test.json.gz",
		},
		WycheproofECDH: []string{
			"ecdh_secp384r1_test.json.gz",
			"ecdh_secp384r1_ecpoint_test.json.gz",
			"ecdh_secp384r1_webcrypto_test.json.gz",
		},
	}},
}

// weierstrassPackage is what the Weierstrass templates read.
type weierstrassPackage struct {
	weierstrassBinding
	Curve          *registry.Curve
	Pkg, Title     string // p256, P-256
	Ident          string // P256: tables.P256Base, elliptic.P256
	Field, Scalar  string // the field packages
	Size           int    // bytes of a coordinate and of a scalar
	Bits           int    // 8·Size, the scalars' bits (the order's bit length)
	Limbs          int    // 64-bit words of a field element
	OID, OIDName   string
	B, Gx, Gy, N   string // hex, 2·Size digits
	Order, PMinusN string // Go byte-array literals' contents
	HalfOrder      string
	CrossCheck     []string // the cross-check scalars, literal contents

	// The table geometry: the fixed-base table's signed radix-2^BaseWindow
	// digits, one position each; the verification's NAF windows.
	BaseWindow, BasePositions, BaseEntries int
	VTBaseWindow, VTPointWindow            int
}

func newWeierstrassPackage(rc *registry.Curve, b weierstrassBinding) weierstrassPackage {
	size := rc.Field.Size
	n := rc.Order()
	w := rc.Tables.CombWindow
	oid := make([]string, len(rc.SEC.OID))
	for i, a := range rc.SEC.OID {
		oid[i] = fmt.Sprint(a)
	}
	wp := weierstrassPackage{
		weierstrassBinding: b,
		Curve:              rc, Pkg: rc.Pkg, Title: rc.Title, Ident: rc.SEC.Std,
		Field: rc.Field.Pkg, Scalar: rc.Scalar.Pkg,
		Size: size, Bits: 8 * size, Limbs: words(rc, ""),
		OID: strings.Join(oid, ", "), OIDName: rc.SEC.OIDName,
		B: hexOf(rc.B, size), Gx: hexOf(rc.Gx, size), Gy: hexOf(rc.Gy, size), N: hexOf(n, size),
		Order:         byteLiteral(n, size),
		PMinusN:       byteLiteral(new(big.Int).Sub(rc.Field.Modulus, n), size),
		HalfOrder:     byteLiteral(new(big.Int).Rsh(n, 1), size),
		BaseWindow:    w,
		BasePositions: rc.CombPositions(w, 1),
		BaseEntries:   1 << (w - 1),
		VTBaseWindow:  rc.Tables.NAFWindow, VTPointWindow: 5,
	}
	wp.check()
	// The cross-check scalars: n − 1; every signed radix-2^w digit
	// −2^(w−1) but the last, which makes the sum 2^Bits; 2^Bits − 1; the
	// binding's mixed digits.
	top := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
	allNeg := new(big.Int).Set(top)
	for j := 0; j < wp.BasePositions-1; j++ {
		allNeg.Sub(allNeg, new(big.Int).Lsh(big.NewInt(int64(wp.BaseEntries)), uint(w*j)))
	}
	mixed, ok := new(big.Int).SetString(b.CrossCheckMixed, 16)
	if !ok {
		panic("curve: bad CrossCheckMixed")
	}
	for _, v := range []*big.Int{new(big.Int).Sub(n, big.NewInt(1)), allNeg, new(big.Int).Sub(top, big.NewInt(1)), mixed} {
		wp.CrossCheck = append(wp.CrossCheck, byteLiteral(v, size))
	}
	return wp
}

// hexOf is v as 2·size hex digits.
func hexOf(v *big.Int, size int) string { return fmt.Sprintf("%0*x", 2*size, v) }

// byteLiteral is v as the contents of a [size]byte literal, big-endian,
// 16 bytes a line.
func byteLiteral(v *big.Int, size int) string {
	b := v.FillBytes(make([]byte, size))
	var s strings.Builder
	for i, c := range b {
		if i%16 == 0 {
			s.WriteString("\n\t")
		} else {
			s.WriteString(" ")
		}
		fmt.Fprintf(&s, "0x%02x,", c)
	}
	s.WriteString("\n")
	return s.String()
}

// Derived values the templates use.

// PointLen and CompressedLen are the SEC 1 encodings' lengths.
func (w weierstrassPackage) PointLen() int      { return 2*w.Size + 1 }
func (w weierstrassPackage) CompressedLen() int { return w.Size + 1 }

// YStart is the offset of y in the uncompressed encoding; SigLen the
// P1363 signature's length.
func (w weierstrassPackage) YStart() int { return w.Size + 1 }
func (w weierstrassPackage) SigLen() int { return 2 * w.Size }

// Digits is the count of signed radix-16 digits of a scalar (one for the
// final carry), NAFLen that of a NAF.
func (w weierstrassPackage) Digits() int { return 2*w.Size + 1 }
func (w weierstrassPackage) NAFLen() int { return 8*w.Size + 1 }

// EntryBytes is an affine table entry's encoding; AffineWords its 64-bit
// words.
func (w weierstrassPackage) EntryBytes() int  { return 2 * w.Size }
func (w weierstrassPackage) AffineWords() int { return 2 * w.Limbs }

// OddLen is the verification table's length, 2^(w−2).
func (w weierstrassPackage) OddLen() int { return 1 << (w.VTBaseWindow - 2) }

// Last is the fixed-base table's last position.
func (w weierstrassPackage) Last() int { return w.BasePositions - 1 }

// MaxTableBits bounds the accumulator before the last fixed-base addition:
// 16·a < 2^(Bits − 3) in scalarMult's argument.
func (w weierstrassPackage) WindowBound() int { return w.Bits - 3 }

// files returns the Weierstrass package's generated files.
func (w weierstrassPackage) files() (map[string][]byte, error) {
	m := map[string][]byte{}
	for name, tmplName := range weierstrassFiles {
		src, err := weierstrassTmpls.ReadFile(tmplName)
		if err != nil {
			return nil, err
		}
		t, err := template.New(tmplName).Parse(string(src))
		if err != nil {
			return nil, err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "// Code generated by internal/gen/curve from %s. DO NOT EDIT.\n\n", tmplName)
		if err := t.Execute(&b, w); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		out, err := formatSource(b.String())
		if err != nil {
			return nil, fmt.Errorf("%s: %v\n%s", name, err, b.String())
		}
		m[name] = out
	}
	return m, nil
}

func formatSource(src string) ([]byte, error) { return format.Source([]byte(src)) }

// weierstrassFilesAll returns every Weierstrass package's files, keyed by
// path relative to the module root.
func weierstrassFilesAll() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, wb := range weierstrassBindings {
		files, err := newWeierstrassPackage(wb.curve, wb.b).files()
		if err != nil {
			return nil, fmt.Errorf("curve %s: %v", wb.curve.Pkg, err)
		}
		for name, src := range files {
			out[wb.curve.Pkg+"/"+name] = src
		}
	}
	return out, nil
}

// InductionAdds is the first-use induction's additions, with a thousands
// separator.
func (w weierstrassPackage) InductionAdds() string {
	n := w.BasePositions*w.BaseEntries + w.OddLen()
	if n < 1000 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%d,%03d", n/1000, n%1000)
}

// Radix is the fixed-base digits' radix; LastDigit the top position's
// digit of the cross-check's second scalar, 2^(Bits − w·(positions − 1)).
func (w weierstrassPackage) Radix() int     { return 1 << w.BaseWindow }
func (w weierstrassPackage) LastDigit() int { return 1 << (w.Bits - w.BaseWindow*w.Last()) }

// RejectExp is e in GenerateKey's rejection probability, about 2^−e: the
// share of Size-byte strings that are not in [1, n − 1].
func (w weierstrassPackage) RejectExp() int {
	top := new(big.Int).Lsh(big.NewInt(1), uint(w.Bits))
	return w.Bits - top.Sub(top, w.Curve.Order()).BitLen()
}

// YMMChunks is the 32-byte chunks an AVX2 scan reads per table entry,
// spelled out for godoc.
func (w weierstrassPackage) YMMChunks() string {
	n := (w.EntryBytes() + 31) / 32
	if n < len(smallNumbers) {
		return smallNumbers[n]
	}
	return fmt.Sprint(n)
}

var smallNumbers = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// LastByte is the index of a coordinate's least significant byte.
func (w weierstrassPackage) LastByte() int { return w.Size - 1 }

// TopDigit is the highest radix-16 digit below the carry digit; PreLast
// the fixed-base positions added with the incomplete formula.
func (w weierstrassPackage) TopDigit() int { return w.SigLen() - 1 }
func (w weierstrassPackage) PreLast() int  { return w.Last() - 1 }

// check panics if the templates' assumptions do not hold for w.
func (w weierstrassPackage) check() {
	rc := w.Curve
	switch {
	case rc.Model != registry.ShortWeierstrass || rc.A.Cmp(new(big.Int).Sub(rc.Field.Modulus, big.NewInt(3))) != 0:
		panic("curve: " + rc.Name + ": the Weierstrass template is for a = −3")
	case rc.Cofactor != 1:
		panic("curve: " + rc.Name + ": the Weierstrass template is for prime-order groups")
	case rc.Scalar.Size != w.Size || rc.OrderBits() != w.Bits || rc.Field.Modulus.BitLen() != w.Bits || rc.Field.Modulus.Cmp(rc.Order()) <= 0:
		panic("curve: " + rc.Name + ": the Weierstrass template needs n < p, both of 8·Size bits")
	case rc.Tables.CombSpacing != 1 || (w.BaseEntries != 32 && w.BaseEntries != 16):
		panic("curve: " + rc.Name + ": the fixed-base table has one position per digit and 16 or 32 entries")
	case w.BaseWindow*w.Last()+1 >= w.Bits:
		panic("curve: " + rc.Name + ": the fixed-base positions before the last must stay below n/2")
	case len(w.SelfTest) != 8:
		panic("curve: " + rc.Name + ": the self-test takes 8 elements")
	}
}

// LastEntry is the index of a fixed-base position's last entry.
func (w weierstrassPackage) LastEntry() int { return w.BaseEntries - 1 }

// DigestPkg, DigestSum and DigestHash name the hash of the package's
// size (SHA-256 for 32 bytes, SHA-384 for 48), for its tests.
func (w weierstrassPackage) DigestPkg() string {
	if w.Size > 32 {
		return "sha512"
	}
	return "sha256"
}

func (w weierstrassPackage) DigestSum() string {
	if w.Size > 32 {
		return "sha512.Sum384"
	}
	return "sha256.Sum256"
}

func (w weierstrassPackage) DigestHash() string {
	if w.Size > 32 {
		return "SHA384"
	}
	return "SHA256"
}

// OtherIdent and OtherTitle name another NIST curve, for the tests of keys
// on the wrong curve; OtherHash a hash of another length than DigestHash.
func (w weierstrassPackage) OtherIdent() string {
	if w.Size == 32 {
		return "P384"
	}
	return "P256"
}

func (w weierstrassPackage) OtherTitle() string { return w.OtherIdent()[:1] + "-" + w.OtherIdent()[1:] }

func (w weierstrassPackage) OtherHash() string {
	if w.Size == 32 {
		return "SHA384"
	}
	return "SHA256"
}

// OverlongSeqLen is the DER SEQUENCE length of a signature whose r has
// one byte more than a scalar (CompressedLen bytes) and whose s is one byte.
func (w weierstrassPackage) OverlongSeqLen() int { return 2 + w.CompressedLen() + 3 }

// PrevEntry is the index of a fixed-base position's second-largest entry,
// LastOdd that of the verification table's last odd multiple, OneHex the
// field element 1 in hex, for the basepoint tables' corruption tests.
func (w weierstrassPackage) PrevEntry() int { return w.BaseEntries - 2 }
func (w weierstrassPackage) LastOdd() int   { return w.OddLen() - 1 }
func (w weierstrassPackage) OneHex() string { return hexOf(big.NewInt(1), w.Size) }

// PointBitStringLen and CompBitStringLen are the SPKI BIT STRING's
// contents' lengths (the unused-bits byte and the point), OtherOID the
// other NIST curve's OID, for the PKIX tests.
func (w weierstrassPackage) PointBitStringLen() int { return w.PointLen() + 1 }
func (w weierstrassPackage) CompBitStringLen() int  { return w.CompressedLen() + 1 }

func (w weierstrassPackage) OtherOID() string {
	if w.Size == 32 {
		return "1.3.132.0.34"
	}
	return "1.2.840.10045.3.1.7"
}

// EdgeExps are the exponents e of the edge scalars 2^e and 2^e − 1: the
// fixed-base window, Bits/2, Bits − 4, Bits − 2 and Bits − 1.
func (w weierstrassPackage) EdgeExps() string {
	return fmt.Sprintf("%d, %d, %d, %d, %d", w.BaseWindow, w.Bits/2, w.Bits-4, w.Bits-2, w.Bits-1)
}

// TopBits is the scalar bits above the low nibble, which the self-test's
// reference multiplication takes one at a time.
func (w weierstrassPackage) TopBits() int { return w.Bits - 4 }
