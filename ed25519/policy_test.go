package ed25519

import (
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	"encoding/binary"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

// This file tests every row of the policy table in doc.go, for Ed25519,
// Ed25519ctx and Ed25519ph. Inputs are built here from their definitions;
// PolicyDefault is also checked against crypto/ed25519 and PolicyZIP215 (pure
// Ed25519) against ed25519consensus.

// variant is one RFC 8032 instance, with the test's own dom2 encoding.
type variant struct {
	name string
	opts Options
}

var variants = []variant{
	{"Ed25519", Options{}},
	{"Ed25519ctx", Options{Context: "policy"}},
	{"Ed25519ph", Options{Hash: crypto.SHA512, Context: "ph"}},
}

func (v variant) dom() []byte {
	if v.opts.Hash == 0 && v.opts.Context == "" {
		return nil
	}
	flag := byte(0)
	if v.opts.Hash == crypto.SHA512 {
		flag = 1
	}
	b := append([]byte("SigEd25519 no Ed25519 collisions"), flag, byte(len(v.opts.Context)))
	return append(b, v.opts.Context...)
}

// message returns the i-th test message (64 bytes for Ed25519ph).
func (v variant) message(i int) []byte {
	m := make([]byte, 8)
	binary.LittleEndian.PutUint64(m, uint64(i))
	if v.opts.Hash == crypto.SHA512 {
		h := sha512.Sum512(m)
		return h[:]
	}
	return m
}

// challenge is k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ, as an integer.
func (v variant) challenge(R, A, M []byte) *big.Int {
	h := sha512.New()
	h.Write(v.dom())
	h.Write(R)
	h.Write(A)
	h.Write(M)
	return new(big.Int).Mod(bigle.Int(h.Sum(nil)), bigL)
}

func scalarFromBig(t testing.TB, x *big.Int) *scalar {
	s, err := newScalar().SetCanonicalBytes(bigToLE32(new(big.Int).Mod(x, bigL)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func basePointMul(t testing.TB, x *big.Int) []byte {
	return new(point).ScalarBaseMult(scalarFromBig(t, x)).Bytes()
}

// notAPoint returns an encoding that does not decode (a y with no x).
func notAPoint(t testing.TB) []byte {
	for y := int64(2); ; y++ {
		b := bigToLE32(big.NewInt(y))
		if _, err := new(point).SetBytes(b); err != nil {
			return b
		}
	}
}

type policyCase struct {
	pub, msg, sig         []byte
	def, zip215, strict   bool
	noStdlib, noConsensus bool // oracle does not apply (e.g. panics on purpose are fine, but lengths differ)
}

func policyCases(t *testing.T, v variant) map[string]policyCase {
	a := big.NewInt(0x1234567)
	A := basePointMul(t, a)
	r := big.NewInt(0x7654321)
	R := basePointMul(t, r)
	cases := map[string]policyCase{}

	// An honest signature, computed from the definition.
	honest := func(pub []byte, a *big.Int, msg []byte) []byte {
		k := v.challenge(R, pub, msg)
		S := new(big.Int).Mod(new(big.Int).Add(r, new(big.Int).Mul(k, a)), bigL)
		return append(append([]byte{}, R...), bigToLE32(S)...)
	}
	m0 := v.message(0)
	sig0 := honest(A, a, m0)
	cases["honest signature"] = policyCase{A, m0, sig0, true, true, true, false, false}

	cases["public key of 31 bytes"] = policyCase{A[:31], m0, sig0, false, false, false, true, false}
	cases["signature of 63 bytes"] = policyCase{A, m0, sig0[:63], false, false, false, false, false}

	S := bigle.Int(sig0[32:])
	sigPlusL := append(append([]byte{}, R...), bigToLE32(new(big.Int).Add(S, bigL))...)
	cases["S + ℓ"] = policyCase{A, m0, sigPlusL, false, false, false, false, false}

	bad := notAPoint(t)
	cases["A not a point"] = policyCase{bad, m0, sig0, false, false, false, false, false}
	sigBadR := append(append([]byte{}, bad...), sig0[32:]...)
	cases["R not a point"] = policyCase{A, m0, sigBadR, false, false, false, false, false}

	// A = identity: [S]B − [k]A = [S]B, so R = [r]B, S = r verifies for
	// every encoding of the identity.
	sigR := append(append([]byte{}, R...), bigToLE32(r)...)
	cases["A identity, y = p + 1 (non-canonical)"] = policyCase{encIdentityPPlus1, m0, sigR, true, true, false, false, false}
	cases["A identity, x = 0 with sign bit (non-canonical)"] = policyCase{encIdentityNegZero, m0, sigR, true, true, false, false, false}
	cases["A identity (small order)"] = policyCase{encIdentity, m0, sigR, true, true, false, false, false}

	// A of order 2: [k]A vanishes when k is even.
	for i := 0; ; i++ {
		m := v.message(i)
		if v.challenge(R, encOrder2, m).Bit(0) == 0 {
			cases["A of order 2 (small order)"] = policyCase{encOrder2, m, sigR, true, true, false, false, false}
			break
		}
	}

	// A = [a]B + T with T of order 8: the cofactorless equation holds when
	// 8 | k, the cofactored one always.
	var T, Am point
	if _, err := T.SetBytes(encOrder8); err != nil {
		t.Fatal(err)
	}
	Am.SetBytes(A)
	Am.Add(&Am, &T)
	mixed := Am.Bytes()
	foundExact, foundResidue := false, false
	for i := 0; !foundExact || !foundResidue; i++ {
		m := v.message(i)
		k := v.challenge(R, mixed, m)
		sig := honest(mixed, a, m)
		if new(big.Int).Mod(k, big.NewInt(8)).Sign() == 0 && !foundExact {
			foundExact = true
			cases["A with a small-order component, equation exact"] = policyCase{mixed, m, sig, true, true, true, false, false}
		} else if new(big.Int).Mod(k, big.NewInt(8)).Sign() != 0 && !foundResidue {
			foundResidue = true
			cases["equation holds only after multiplying by 8"] = policyCase{mixed, m, sig, false, true, false, false, false}
		}
	}

	// R = identity: [S]B − [k]A = identity for S = k·a.
	for name, enc := range map[string][]byte{
		"R identity, y = p + 1 (non-canonical)":           encIdentityPPlus1,
		"R identity, x = 0 with sign bit (non-canonical)": encIdentityNegZero,
		"R identity (small order)":                        encIdentity,
	} {
		k := v.challenge(enc, A, m0)
		sig := append(append([]byte{}, enc...), bigToLE32(new(big.Int).Mod(new(big.Int).Mul(k, a), bigL))...)
		canonical := name == "R identity (small order)"
		cases[name] = policyCase{A, m0, sig, canonical, true, false, false, false}
	}

	zeroSig := append(append([]byte{}, encIdentity...), make([]byte, 32)...)
	cases["A = identity, R = identity, S = 0"] = policyCase{encIdentity, []byte("any message at all"), zeroSig, true, true, false, false, false}
	if v.opts.Hash == crypto.SHA512 {
		c := cases["A = identity, R = identity, S = 0"]
		c.msg = v.message(99)
		cases["A = identity, R = identity, S = 0"] = c
	}
	return cases
}

func TestPolicyTable(t *testing.T) { testPolicyTable(t, exported) }

// testPolicyTable checks vf, one-shot and expanded, against the policy table.
func testPolicyTable(t *testing.T, vf verifier) {
	for _, v := range variants {
		cases := policyCases(t, v)
		if len(cases) != 16 {
			t.Fatalf("%s: %d cases", v.name, len(cases))
		}
		for name, c := range cases {
			for _, p := range []struct {
				policy Policy
				want   bool
			}{{PolicyDefault, c.def}, {PolicyZIP215, c.zip215}, {PolicyStrict, c.strict}} {
				opts := v.opts
				opts.Policy = p.policy
				got := vf.one(c.pub, c.msg, c.sig, &opts) == nil
				if got != p.want {
					t.Errorf("%s / %s / %v: got %v, want %v", v.name, name, p.policy, got, p.want)
				}
				if len(c.pub) == PublicKeySize {
					if e, err := NewExpandedPublicKey(c.pub); err == nil {
						if got2 := vf.expanded(e, c.msg, c.sig, &opts) == nil; got2 != got {
							t.Errorf("%s / %s / %v: ExpandedPublicKey says %v", v.name, name, p.policy, got2)
						}
					} else if got {
						t.Errorf("%s / %s: key does not expand but verifies", v.name, name)
					}
				}
			}
			if !c.noStdlib {
				std := stdVerify(c.pub, c.msg, c.sig, &stded25519.Options{Hash: v.opts.Hash, Context: v.opts.Context})
				if std != c.def {
					t.Errorf("%s / %s: crypto/ed25519 says %v, table says %v", v.name, name, std, c.def)
				}
			}
		}
	}
}

func TestSmallOrderEncodings(t *testing.T) {
	for i, enc := range smallOrderEncodings {
		var P point
		if _, err := P.SetBytes(enc[:]); err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if !isSmallOrder(&P) || !isCanonicalEncoding(enc[:]) {
			t.Errorf("%d: not a canonical small-order encoding", i)
		}
		for j := range smallOrderEncodings {
			if i != j && smallOrderEncodings[j] == enc {
				t.Errorf("%d and %d repeat", i, j)
			}
		}
	}
	// The basepoint and a mixed-order point are not small order.
	var T, P point
	T.SetBytes(encOrder8)
	P.Add(newGeneratorPoint(), &T)
	if isSmallOrder(newGeneratorPoint()) || isSmallOrder(&P) || isSmallOrderEncoding(P.Bytes()) {
		t.Error("prime or mixed order point reported small")
	}
}

// canonicalOracle is the RFC 8032 §5.1.3 rule with math/big: y < p, and not
// x = 0 (y = ±1) with the sign bit set.
func canonicalOracle(b []byte) bool {
	y := bigle.Int(b[:32])
	sign := y.Bit(255)
	y.SetBit(y, 255, 0)
	if y.Cmp(bigP) >= 0 {
		return false
	}
	if sign == 1 && (y.Cmp(big.NewInt(1)) == 0 || y.Cmp(new(big.Int).Sub(bigP, big.NewInt(1))) == 0) {
		return false
	}
	return true
}

func TestIsCanonicalEncoding(t *testing.T) {
	var inputs [][]byte
	for d := int64(-25); d <= 25; d++ {
		for _, base := range []*big.Int{big.NewInt(0), bigP, big.NewInt(1 << 20)} {
			y := new(big.Int).Add(base, big.NewInt(d))
			if y.Sign() < 0 || y.BitLen() > 255 {
				continue
			}
			b := bigToLE32(y)
			inputs = append(inputs, b)
			s := append([]byte{}, b...)
			s[31] |= 0x80
			inputs = append(inputs, s)
		}
	}
	for i := 0; i < 256; i++ {
		b := make([]byte, 32)
		for j := range b {
			b[j] = 0xff
		}
		b[0] = byte(i)
		inputs = append(inputs, b)
	}
	for _, b := range inputs {
		if got, want := isCanonicalEncoding(b), canonicalOracle(b); got != want {
			t.Errorf("%x: got %v, want %v", b, got, want)
		}
		if _, err := setCanonicalBytes(new(point), b); err == nil && !canonicalOracle(b) {
			t.Errorf("%x: strict decoding accepts a non-canonical encoding", b)
		}
	}
}
