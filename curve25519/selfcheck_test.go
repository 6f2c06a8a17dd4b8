package curve25519

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The first-use checks of the derived fe64 forms and of the ladder
// assembly (selftest.go, comb64Check, straus64Check): corrupted forms,
// injected through the loader, must be caught, switched off and reported,
// with results still right.

// loadWithFault loads the basepoint tables afresh with fault as their
// fe64 fault hook (basepointTables.fault64), through the loader. Where
// this build or CPU has no fe64 assembly the loader makes no fe64 forms;
// they are then made here as the loader would, on the Go model.
func loadWithFault(t *testing.T, fault func(form string, bt *basepointTables)) *basepointTables {
	t.Helper()
	bt := loadBasepointTables(func(bt *basepointTables) { bt.fault64 = fault })
	if !bt.ok {
		t.Fatal("the verified basepoint tables failed their check")
	}
	if !comb64HasAsm {
		comb64Make(bt, false)
	}
	if !ladder64HasAsm {
		straus64Make(bt, fe64GroupGo) // the fe64 loop on the Go model: no assembly here
	}
	return bt
}

// flipBit flips one bit of v (word w, bit b).
func flipBit(v *fe64, w, b int) { v[w] ^= 1 << b }

// signWith is Ed25519 signing (RFC 8032, 5.1.6) with the basepoint tables
// bt through the package's dispatch (scalarBaseMultTable: the fe64 comb
// where bt has it and it runs).
func signWith(bt *basepointTables, priv ed25519.PrivateKey, msg []byte) []byte {
	h := sha512.Sum512(priv.Seed())
	var s, r, k Scalar
	s.SetBytesWithClamping(h[:32])
	A := new(Point).scalarBaseMultTable(bt, &s)
	rh := sha512.New()
	rh.Write(h[32:])
	rh.Write(msg)
	r.SetUniformBytes(rh.Sum(nil))
	R := new(Point).scalarBaseMultTable(bt, &r)
	kh := sha512.New()
	kh.Write(R.Bytes())
	kh.Write(A.Bytes())
	kh.Write(msg)
	k.SetUniformBytes(kh.Sum(nil))
	var S Scalar
	S.MultiplyAdd(&k, &s, &r)
	return append(R.Bytes(), S.Bytes()...)
}

// verifyWith checks an Ed25519 signature with the basepoint tables bt on
// the path the package would take with them (splitPathFor): R =
// S_lo·B + S_hi·[2^128]B + k·(−A) + 0·B. It returns the path too.
func verifyWith(t *testing.T, bt *basepointTables, pub ed25519.PublicKey, msg, sig []byte) (bool, splitPath) {
	t.Helper()
	A, err := new(Point).SetBytes(pub)
	if err != nil {
		t.Fatal(err)
	}
	R, err := new(Point).SetBytes(sig[:32])
	if err != nil {
		return false, 0
	}
	var S Scalar
	if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
		return false, 0
	}
	kh := sha512.New()
	kh.Write(sig[:32])
	kh.Write(pub)
	kh.Write(msg)
	var k, lo, hi, zero Scalar
	k.SetUniformBytes(kh.Sum(nil))
	var b [32]byte
	copy(b[:16], sig[32:48])
	lo.SetCanonicalBytes(b[:])
	copy(b[:16], sig[48:64])
	hi.SetCanonicalBytes(b[:])
	A.Negate(A)
	path := splitPathFor(bt)
	var got Point
	got.varTimeSplitWith(bt, path, &lo, &hi, &k, nil, nil, A, nafWindow, &zero, generator)
	return got.Equal(R) == 1, path
}

// checkSchemes signs and verifies with bt against crypto/ed25519: the
// signatures must be crypto/ed25519's, and crypto/ed25519's must verify.
func checkSchemes(t *testing.T, bt *basepointTables, n int) (wantPath splitPath) {
	t.Helper()
	var path splitPath
	for i := range n {
		seed := sha512.Sum512([]byte(fmt.Sprint("selfcheck seed ", i)))
		priv := ed25519.NewKeyFromSeed(seed[:32])
		msg := []byte(fmt.Sprint("message ", i))
		want := ed25519.Sign(priv, msg)
		if got := signWith(bt, priv, msg); !bytes.Equal(got, want) {
			t.Fatalf("signature %d differs from crypto/ed25519's", i)
		}
		ok, p := verifyWith(t, bt, priv.Public().(ed25519.PublicKey), msg, want)
		if !ok {
			t.Fatalf("valid signature %d rejected", i)
		}
		path = p
	}
	return path
}

// TestDerivedFormsClean: tables loaded with no fault have both fe64 forms,
// no failure, and the schemes agree with crypto/ed25519 on the fe64 paths.
func TestDerivedFormsClean(t *testing.T) {
	bt := loadWithFault(t, nil)
	if bt.fixed64 == nil || bt.odd64 == nil || bt.base128x64 == nil || bt.comb64Failed || bt.straus64Failed {
		t.Fatalf("clean tables: fixed64 %v, odd64 %v, base128x64 %v, failed %v %v",
			bt.fixed64 != nil, bt.odd64 != nil, bt.base128x64 != nil, bt.comb64Failed, bt.straus64Failed)
	}
	if got := FastPathFailures(); got != nil {
		t.Fatalf("FastPathFailures() = %q with clean tables and assembly", got)
	}
	if p := checkSchemes(t, bt, 20); ladder64HasAsm && p != splitFe64 {
		t.Fatalf("clean tables: verification path %d, want the fe64 loop", p)
	}
	if msm64On(bt) != ladder64HasAsm {
		t.Fatal("clean tables: VarTimeMultiScalarMult (Straus and Pippenger) is off fe64 where the assembly runs")
	}
}

// TestDerivedFormCorruption flips one bit of one entry of each fe64 form,
// anywhere in it (not only where the fixed cross-check scalars reach),
// through the loader's fault hook: the form must be dropped and its
// failure recorded, the other form and BasepointTableOK untouched, and
// signing and verification must still agree with crypto/ed25519.
func TestDerivedFormCorruption(t *testing.T) {
	type target struct {
		form string
		pick func(bt *basepointTables) []affine64
		idx  []int
	}
	targets := []target{
		{"comb64", func(bt *basepointTables) []affine64 { return bt.fixed64 }, []int{0, 8*13 + 7, 300, 815}},
		{"straus64", func(bt *basepointTables) []affine64 { return bt.odd64 }, []int{0, 77, 511}},
		{"straus64", func(bt *basepointTables) []affine64 { return bt.base128x64 }, []int{0, 40, 63}},
	}
	for ti, tg := range targets {
		for _, idx := range tg.idx {
			for _, coord := range []int{0, 1, 2} {
				name := fmt.Sprintf("%s/%d/entry%d/coord%d", tg.form, ti, idx, coord)
				t.Run(name, func(t *testing.T) {
					hit := false
					bt := loadWithFault(t, func(form string, bt *basepointTables) {
						if form == tg.form {
							flipBit(&tg.pick(bt)[idx][coord], idx%4, (idx*7+coord)%63)
							hit = true
						}
					})
					if !hit {
						t.Fatal("the fault hook did not run")
					}
					if !bt.ok {
						t.Fatal("BasepointTableOK false for a derived form's fault")
					}
					if tg.form == "comb64" {
						if bt.fixed64 != nil || !bt.comb64Failed {
							t.Fatal("corrupted fe64 comb entry not caught")
						}
						if bt.odd64 == nil || bt.straus64Failed {
							t.Fatal("the fe64 odd multiples were dropped too")
						}
					} else {
						if bt.odd64 != nil || bt.base128x64 != nil || !bt.straus64Failed {
							t.Fatal("corrupted fe64 odd-multiples entry not caught")
						}
						if bt.fixed64 == nil || bt.comb64Failed {
							t.Fatal("the fe64 comb was dropped too")
						}
						if p := splitPathFor(bt); p != splitTable {
							t.Fatalf("verification path %d after the fe64 check failed", p)
						}
						if msm64On(bt) {
							t.Fatal("VarTimeMultiScalarMult (Straus and Pippenger) stays on fe64 after the fe64 check failed")
						}
					}
					checkSchemes(t, bt, 8)
				})
			}
		}
	}
}

// TestDerivedFormPathFault checks that the cross-checks run the path they
// name: with two valid entries of an fe64 form swapped, splitFe64 must
// give a different result from splitTable (it runs the fe64 tables, which
// the old check, deciding its path from bt.ok, did not), and
// straus64Check and comb64Check must refuse the form.
func TestDerivedFormPathFault(t *testing.T) {
	bt := loadWithFault(t, nil)
	c := *bt
	c.odd64 = slices.Clone(bt.odd64)
	c.odd64[0], c.odd64[1] = c.odd64[1], c.odd64[0]
	var s [4]Scalar
	for i := range s {
		s[i].SetCanonicalBytes(crossVerifyScalars[i][:])
	}
	A := new(Point).Double(generator)
	var want, got Point
	want.varTimeSplitWith(&c, splitTable, &s[0], &s[1], &s[2], nil, nil, A, nafWindow, &s[3], generator)
	path, g := splitFe64, fe64GroupAsm
	if !ladder64HasAsm {
		path, g = splitFe64Go, fe64GroupGo
	}
	got.varTimeSplitWith(&c, path, &s[0], &s[1], &s[2], nil, nil, A, nafWindow, &s[3], generator)
	if got.Equal(&want) == 1 {
		t.Fatal("splitFe64 did not run the fe64 tables (the path is not the one named)")
	}
	if straus64Check(&c, g) {
		t.Fatal("straus64Check passed swapped fe64 entries")
	}
	c = *bt
	c.fixed64 = slices.Clone(bt.fixed64)
	c.fixed64[15], c.fixed64[14] = c.fixed64[14], c.fixed64[15]
	if comb64Check(&c, comb64HasAsm) {
		t.Fatal("comb64Check passed swapped fe64 entries")
	}
}

// TestFastPathReports substitutes tables with a corrupted fe64 comb and
// then a corrupted fe64 odd-multiples table (the loader's test hook) and
// checks the package-level reports: BasepointTableOK stays true,
// FastPathFailures names the path, Assembly does not.
func TestFastPathReports(t *testing.T) {
	if !ladder64HasAsm {
		t.Skip("no fe64 assembly in this build or on this CPU: the loader makes no fe64 forms")
	}
	for _, k := range []struct{ form, name string }{
		{"comb64", "BMI2/ADX fixed-base comb"},
		{"straus64", "BMI2/ADX verification loop"},
	} {
		if k.form == "comb64" && !comb64HasAsm {
			continue
		}
		restore := basepointTableLoad.Substitute(func(bt *basepointTables) {
			bt.fault64 = func(form string, bt *basepointTables) {
				if form == k.form && form == "comb64" {
					flipBit(&bt.fixed64[500][2], 1, 3)
				} else if form == k.form {
					flipBit(&bt.odd64[300][0], 2, 9)
				}
			}
		})
		ok, fails, asm := BasepointTableOK(), FastPathFailures(), Assembly()
		var sig []byte
		seed := make([]byte, 32)
		priv := ed25519.NewKeyFromSeed(seed)
		sig = signWith(baseTables(), priv, []byte("m"))
		restore()
		if !ok {
			t.Fatalf("%s: BasepointTableOK() = false", k.form)
		}
		if !slices.Contains(fails, k.name) || len(fails) != 1 {
			t.Fatalf("%s: FastPathFailures() = %q", k.form, fails)
		}
		if strings.Contains(asm, k.name) {
			t.Fatalf("%s: Assembly() = %q names the path its check turned off", k.form, asm)
		}
		if !bytes.Equal(sig, ed25519.Sign(priv, []byte("m"))) {
			t.Fatalf("%s: signature differs from crypto/ed25519's", k.form)
		}
	}
}
