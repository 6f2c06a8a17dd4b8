package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/tables"
)

func TestBasepointTableOK(t *testing.T) {
	if !BasepointTableOK() {
		t.Fatal("the generated basepoint tables failed verification")
	}
}

// TestComputedTablesAgree checks the decoded tables against the ones the
// group law computes from G (the package's former first-use code).
func TestComputedTablesAgree(t *testing.T) {
	c, d := computeBasepointTables(), loadedTables()
	if *c.base != *d.base || len(c.odd) != len(d.odd) {
		t.Fatal("decoded fixed-base table differs from the computed one")
	}
	for i := range c.odd {
		if c.odd[i] != d.odd[i] {
			t.Fatalf("odd entry %d differs", i)
		}
	}
}

// TestBasepointTablesRebuild re-encodes the computed tables and compares
// them byte for byte with the data internal/gen/tables computed with
// math/big.
func TestBasepointTablesRebuild(t *testing.T) {
	c := computeBasepointTables()
	var buf bytes.Buffer
	for j := range c.base {
		for k := range c.base[j] {
			buf.Write(c.base[j][k].x.Bytes())
			buf.Write(c.base[j][k].y.Bytes())
		}
	}
	if buf.String() != tables.P256Base().Data {
		t.Fatal("generated fixed-base table differs from the fast recomputation")
	}
	buf.Reset()
	for i := range c.odd {
		buf.Write(c.odd[i].x.Bytes())
		buf.Write(c.odd[i].y.Bytes())
	}
	if buf.String() != tables.P256BaseOdd().Data {
		t.Fatal("generated odd multiples differ from the fast recomputation")
	}
}

// TestBasepointTableFallback corrupts the tables through the test-only
// hook and checks that verification notices, the package reports it, and
// key generation, signing and verification stay correct (against
// crypto/ecdh and crypto/ecdsa) through the table-free fallback.
func TestBasepointTableFallback(t *testing.T) {
	one := mustElement("0000000000000000000000000000000000000000000000000000000000000001")
	corruptions := map[string]func(*basepointTables){
		// Another valid point in place of the largest multiple at the
		// first position.
		"base neighbour": func(bt *basepointTables) { bt.base[0][31] = bt.base[0][30] },
		"base last":      func(bt *basepointTables) { bt.base[42][31].y.Add(&bt.base[42][31].y, one) },
		"base middle x":  func(bt *basepointTables) { bt.base[17][9].x.Add(&bt.base[17][9].x, one) },
		"odd":            func(bt *basepointTables) { bt.odd[5] = bt.odd[4] },
		"odd last":       func(bt *basepointTables) { bt.odd[63].y.Negate(&bt.odd[63].y) },
	}
	for name, corrupt := range corruptions {
		restore := baseTableLoad.Substitute(corrupt)
		t.Cleanup(restore) // if a check below fails first
		if BasepointTableOK() {
			t.Fatalf("%s: corrupted table passed verification", name)
		}
		checkAgainstStdlib(t, name)
		restore()
	}
	checkAgainstStdlib(t, "tables")

	// The structural check alone catches every corruption.
	for name, corrupt := range corruptions {
		bt, ok := decodeBasepointTables()
		if !ok {
			t.Fatal("decode failed")
		}
		corrupt(bt)
		if verifyBasepointTables(bt) {
			t.Fatalf("%s: structural check passed", name)
		}
	}
	// The cross-check alone catches the neighbour swap (its second scalar
	// uses the largest entry of every position), so it can fail.
	bt, _ := decodeBasepointTables()
	corruptions["base neighbour"](bt)
	if crossCheckBasepointTables(bt) {
		t.Fatal("cross-check passed a table with a wrong largest entry")
	}
	bt, _ = decodeBasepointTables()
	corruptions["odd"](bt)
	if crossCheckBasepointTables(bt) {
		t.Fatal("cross-check passed a wrong odd multiple")
	}
	if good := loadedTables(); !crossCheckBasepointTables(good) || !verifyBasepointTables(good) {
		t.Fatal("checks fail on the good tables")
	}
}

// checkAgainstStdlib checks public keys against crypto/ecdh and signatures
// both ways against crypto/ecdsa.
func checkAgainstStdlib(t *testing.T, name string) {
	t.Helper()
	for i := 0; i < 3; i++ {
		sk, err := ecdh.P256().GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		priv, err := NewPrivateKey(sk.Bytes())
		if err != nil || !bytes.Equal(priv.PublicKey().Bytes(), sk.PublicKey().Bytes()) {
			t.Fatalf("%s: public key differs from crypto/ecdh (%v)", name, err)
		}
		digest := sha256.Sum256(sk.Bytes())
		sig, err := priv.Sign(rand.Reader, digest[:], crypto.SHA256)
		epriv, _ := priv.ToECDSA()
		if err != nil || !ecdsa.VerifyASN1(&epriv.PublicKey, digest[:], sig) {
			t.Fatalf("%s: signature rejected by crypto/ecdsa (%v)", name, err)
		}
		esig, _ := ecdsa.SignASN1(rand.Reader, epriv, digest[:])
		if !VerifyASN1(priv.PublicKey(), digest[:], esig) {
			t.Fatalf("%s: VerifyASN1 rejects crypto/ecdsa's signature key=%x digest=%x sig=%x", name, sk.Bytes(), digest, esig)
		}
		wrong := digest
		wrong[31] ^= 1 // (digest[1:] would be the same integer when digest[0] = 0)
		if VerifyASN1(priv.PublicKey(), wrong[:], esig) {
			t.Fatalf("%s: VerifyASN1 accepts a wrong digest", name)
		}
	}
}

// BenchmarkBaseTables times the first use of the tables, interleaved
// (benchutil.Compare, CPU time): decoding and verifying the generated data
// ("load", its parts "decode", "verify" and "crosscheck"), against
// computing them from G and running only the cross-check ("compute+check",
// the alternative tables/DESIGN.md weighs) and computing alone ("compute").
// "fixedbase" and "verify" compare the multiplications on the decoded
// tables with the same loops on computed ones (the code before the change
// but for the fallback test), and with the fallback.
func BenchmarkBaseTables(b *testing.B) {
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	t, _ := decodeBasepointTables()
	b.Run("firstuse", func(b *testing.B) {
		benchutil.Compare(b,
			c("load", func() { loadBasepointTables(nil) }),
			c("compute+check", func() { crossCheckBasepointTables(computeBasepointTables()) }),
			c("compute", func() { computeBasepointTables() }),
			c("decode", func() { decodeBasepointTables() }),
			c("verify", func() { verifyBasepointTables(t) }),
			c("crosscheck", func() { crossCheckBasepointTables(t) }))
	})
	k := [32]byte{0: 0x5a, 7: 0x13, 31: 0x77}
	computed := computeBasepointTables()
	loadedTables()
	var p point
	q := generator
	b.Run("fixedbase", func(b *testing.B) {
		benchutil.Compare(b,
			c("scalarBaseMult", func() { p.scalarBaseMult(&k) }),
			c("computed", func() { p.scalarBaseMultTable(computed.base, &k) }),
			c("fallback", func() { p.scalarMult(&k, &generator) }))
	})
	b.Run("doublebase", func(b *testing.B) {
		benchutil.Compare(b,
			c("varTimeDouble", func() { p.varTimeDoubleScalarBaseMult(&k, &k, &q) }),
			c("computed", func() { p.varTimeDoubleBaseTable(computed.odd, &k, &k, &q) }),
			c("fallback", func() {
				var a point
				a.scalarMult(&k, &q)
				p.scalarMult(&k, &generator).add(&p, &a)
			}))
	})
}
