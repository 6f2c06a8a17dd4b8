// Package ed448test holds the Ed448 test inputs that the ed448 package's
// tests and the interop module's share: the rows of the verification policy
// table with their expected answers, the four points of order dividing 4,
// and signatures forged over chosen R and A. The challenge is computed here
// from RFC 8032, never by the code under test. It is used only by tests.
package ed448test

import (
	"crypto/rand"
	"crypto/sha3"
	"fmt"
	"testing"

	"github.com/curvekit/curvekit/curve448"
)

// signatureSize is the size of an Ed448 signature, R ‖ S.
const signatureSize = 114

// Case is one row of the policy table in the ed448 package documentation:
// a verification input and the answer each policy must give.
type Case struct {
	Name                     string
	Pub, Msg, Sig            []byte
	Default, OpenSSL, Strict bool
}

// RandomScalar returns a uniformly random scalar from crypto/rand.
func RandomScalar(t testing.TB) *curve448.Scalar {
	var b [114]byte
	rand.Read(b[:])
	s, _ := new(curve448.Scalar).SetUniformBytes(b[:])
	return s
}

// challenge sets k to SHAKE256(dom4(0, "") ‖ R ‖ A ‖ M, 114) mod q (RFC 8032
// §5.2.6, pure Ed448, empty context), written here from the RFC,
// independently of the library's.
func challenge(k *curve448.Scalar, R, A, msg []byte) {
	in := append(append(append([]byte("SigEd448\x00\x00"), R...), A...), msg...)
	d := sha3.SumSHAKE256(in, 114)
	if _, err := k.SetUniformBytes(d); err != nil {
		panic(err)
	}
}

// Forge builds a signature on msg for the key encoding pubEnc, with R
// encoded as rEnc, S = r + k·a, k over the bytes as given.
func Forge(pubEnc, rEnc, msg []byte, r, a *curve448.Scalar) []byte {
	var k, S curve448.Scalar
	challenge(&k, rEnc, pubEnc, msg)
	S.MultiplyAdd(&k, a, r)
	sig := make([]byte, signatureSize)
	copy(sig, rEnc)
	copy(sig[57:], S.Bytes())
	return sig
}

// challengeMod4 returns k mod 4 for the challenge of (rEnc, pubEnc, msg).
func challengeMod4(pubEnc, rEnc, msg []byte) byte {
	var k curve448.Scalar
	challenge(&k, rEnc, pubEnc, msg)
	return k.Bytes()[0] & 3
}

// messageWithChallenge finds a message whose challenge is ≡ want mod 4.
func messageWithChallenge(pubEnc, rEnc []byte, want byte) []byte {
	for i := 0; ; i++ {
		msg := []byte(fmt.Sprintf("message %d", i))
		if challengeMod4(pubEnc, rEnc, msg) == want {
			return msg
		}
	}
}

// PolicyCases returns the rows of the policy table in the ed448 package
// documentation: an honest signature, S + q, the unused top bits of A and R,
// small-order and mixed-order keys and nonces, and a non-canonical R, each
// with the answers PolicyDefault, PolicyOpenSSL and PolicyStrict must give.
// The keys and nonces are fresh random scalars on every call.
func PolicyCases(t testing.TB) []Case {
	T := Torsion(t)
	a := RandomScalar(t)
	A := new(curve448.Point).ScalarBaseMult(a)
	pub := A.Bytes()
	r := RandomScalar(t)
	R := new(curve448.Point).ScalarBaseMult(r)
	rEnc := R.Bytes()
	msg := []byte("policy table")
	var cs []Case
	add := func(name string, pub, msg, sig []byte, d, o, s bool) {
		cs = append(cs, Case{name, pub, msg, sig, d, o, s})
	}

	honest := Forge(pub, rEnc, msg, r, a)
	add("honest signature", pub, msg, honest, true, true, true)

	sPlusQ := append([]byte{}, honest...)
	addQ(sPlusQ[57:])
	add("S + q (openssl#7706)", pub, msg, sPlusQ, false, false, false)

	// Bits 448–454 of A or R set: circl v1.6.5 rejects such an A
	// (circl#635; v1.6.4 ignored the bits) and never produces such an R.
	// Every bit is a row; the signature is honest over the bytes as given.
	for bit := 0; bit < 7; bit++ {
		pubBits := append([]byte{}, pub...)
		pubBits[56] |= 1 << bit
		add(fmt.Sprintf("A with bit %d set (circl#635)", 448+bit), pubBits, msg, Forge(pubBits, rEnc, msg, r, a), false, false, false)
		rBits := append([]byte{}, rEnc...)
		rBits[56] |= 1 << bit
		add(fmt.Sprintf("R with bit %d set", 448+bit), pub, msg, Forge(pub, rBits, msg, r, a), false, false, false)
	}

	zero := new(curve448.Scalar)
	// Small-order keys (ladybird#10097): S = r works for every message.
	idEnc := T[0].Bytes()
	add("A = identity (small order)", idEnc, msg, Forge(idEnc, rEnc, msg, r, zero), true, false, false)
	t2Enc := T[1].Bytes()
	m1 := messageWithChallenge(t2Enc, rEnc, 1)
	add("A = (0, −1), k odd", t2Enc, m1, Forge(t2Enc, rEnc, m1, r, zero), true, false, false)
	m0 := messageWithChallenge(t2Enc, rEnc, 0)
	add("A = (0, −1), k even", t2Enc, m0, Forge(t2Enc, rEnc, m0, r, zero), true, false, false)
	t4Enc := T[2].Bytes()
	add("A = (1, 0) (order 4)", t4Enc, msg, Forge(t4Enc, rEnc, msg, r, zero), true, true, false)

	// Mixed-order key A + T4: [S]B − [k](A + T4) = R − [k]T4.
	AT := new(curve448.Point).Add(A, T[2])
	atEnc := AT.Bytes()
	m2 := messageWithChallenge(atEnc, rEnc, 2)
	add("A + T₄ (mixed order), k ≡ 2 mod 4", atEnc, m2, Forge(atEnc, rEnc, m2, r, a), true, true, false)
	m4 := messageWithChallenge(atEnc, rEnc, 0)
	add("A + T₄ (mixed order), k ≡ 0 mod 4", atEnc, m4, Forge(atEnc, rEnc, m4, r, a), true, true, true)

	// R with a torsion component: only a cofactored check accepts.
	RT := new(curve448.Point).Add(R, T[1])
	rtEnc := RT.Bytes()
	add("R + T₂ (mixed-order R)", pub, msg, Forge(pub, rtEnc, msg, r, a), false, true, false)

	// R = identity, S = k·a.
	add("R = identity (small order)", pub, msg, Forge(pub, idEnc, msg, zero, a), true, false, false)
	add("R = (0, −1), [S]B − [k]A = identity", pub, msg, Forge(pub, t2Enc, msg, zero, a), false, false, false)
	add("R = (1, 0), [S]B − [k]A = identity", pub, msg, Forge(pub, t4Enc, msg, zero, a), false, true, false)

	// Non-canonical R: y = 1 with the sign bit (x = 0 cannot be negative).
	rNeg := append([]byte{}, idEnc...)
	rNeg[56] = 0x80
	add("R = identity with the sign bit set", pub, msg, Forge(pub, rNeg, msg, zero, a), false, false, false)
	return cs
}

// addQ adds q to the 57-byte little-endian s in place.
func addQ(s []byte) {
	q := []byte{
		0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d, 0x72, 0xc2,
		0x6c, 0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4, 0xe9, 0x23, 0xca, 0x7c,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f,
	}
	carry := 0
	for i := range s {
		v := int(s[i]) + carry
		if i < len(q) {
			v += int(q[i])
		}
		s[i], carry = byte(v), v>>8
	}
}

// Torsion returns (0, 1), (0, −1), (1, 0), (−1, 0), decoded from their
// encodings.
func Torsion(t testing.TB) []*curve448.Point {
	encs := [][]byte{make([]byte, 57), make([]byte, 57), make([]byte, 57), make([]byte, 57)}
	encs[0][0] = 1 // y = 1
	for i := 0; i < 56; i++ {
		encs[1][i] = 0xff // y = p − 1
	}
	encs[1][0] = 0xfe
	encs[1][28] = 0xfe
	encs[3][56] = 0x80 // y = 0, x odd: (−1, 0)
	var pts []*curve448.Point
	for _, e := range encs {
		p, err := new(curve448.Point).SetCanonicalBytes(e)
		if err != nil {
			t.Fatalf("torsion point %x: %v", e, err)
		}
		pts = append(pts, p)
	}
	return pts
}
