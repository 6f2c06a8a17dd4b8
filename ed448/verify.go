package ed448

import (
	"strconv"

	"github.com/curvekit/curvekit/curve448"
)

// Policy names a set of Ed448 verification rules. The package
// documentation states each one as a checklist and lists the inputs on which
// they differ.
type Policy uint8

const (
	// PolicyDefault accepts exactly what circl's sign/ed448 Verify accepts
	// (v1.6.5; circl#642): S < q; A decoded strictly as circl does (y < p,
	// x = 0 only with the sign bit clear, bits 448–454 zero — circl#635); R
	// not decoded but compared as bytes with the encoding of [S]B − [k]·A′,
	// where A′ is A without its 4-torsion component (circl multiplies
	// through the 4-isogeny). It is the zero value.
	PolicyDefault Policy = iota

	// PolicyOpenSSL answers as OpenSSL 3.0's Ed448 verification: S < q; A
	// and R decoded strictly (RFC 8032 §5.2.3) and neither with x = 0 (the
	// identity and (0, −1), which OpenSSL fails to decode); cofactored
	// equation [4]([S]B − R − [k]A) = identity.
	PolicyOpenSSL

	// PolicyStrict: A and R canonical (RFC 8032 §5.2.3, the strict decoder);
	// neither A nor R of small order; S < q; cofactorless equation
	// [S]B = R + [k]A.
	PolicyStrict
)

// String returns the policy's name, as in "PolicyStrict".
func (p Policy) String() string {
	switch p {
	case PolicyDefault:
		return "PolicyDefault"
	case PolicyOpenSSL:
		return "PolicyOpenSSL"
	case PolicyStrict:
		return "PolicyStrict"
	}
	return "Policy(" + strconv.Itoa(int(p)) + ")"
}

// inv4 is 1/4 mod q.
var inv4 = func() *curve448.Scalar {
	var b [56]byte
	b[0] = 4
	s, err := new(curve448.Scalar).SetCanonicalBytes(b[:])
	if err != nil {
		panic("ed448: internal error")
	}
	return s.Invert(s)
}()

// decodeOpenSSL decodes a point as OpenSSL 3.0's
// curve448_point_decode_like_eddsa_and_mul_by_ratio does before its
// multiplication by 4: the strict rules, and it fails on the two points with
// x = 0, the identity and (0, −1) (its inverse square root of
// (1 − y²)(1 − d·y²) fails on 0). Established with the openssl command, see
// TestPolicyOpenSSL.
func decodeOpenSSL(p *curve448.Point, enc []byte) bool {
	if _, err := p.SetCanonicalBytes(enc); err != nil {
		return false
	}
	// x = 0 exactly when 2·p is the identity.
	return new(curve448.Point).Double(p).Equal(curve448.NewIdentityPoint()) == 0
}

// verify checks sig on message under pub with the given variant and policy,
// with the half-size verification (halfsize.go). Variable time: every input
// is public.
func verify(pub, message, sig []byte, ctx string, ph bool, policy Policy) bool {
	return verifyWith(pub, message, sig, ctx, ph, policy, true)
}

// verifyWith is verify with the equation chosen: halfSize selects the
// half-size verification (halfsize.go), false the full-size [S]B − [k]A
// alone, so that tests and benchmarks compare the two.
func verifyWith(pub, message, sig []byte, ctx string, ph bool, policy Policy, halfSize bool) bool {
	if len(pub) != PublicKeySize || len(sig) != SignatureSize || len(ctx) > ContextMaxSize || policy > PolicyStrict {
		return false
	}
	// S < q: the last byte zero and the rest canonical (openssl#7706).
	var S curve448.Scalar
	if sig[113] != 0 {
		return false
	}
	if _, err := S.SetCanonicalBytes(sig[57:113]); err != nil {
		return false
	}
	Renc := sig[:57]

	var A curve448.Point
	var R curve448.Point
	switch policy {
	case PolicyDefault:
		if _, err := A.SetCanonicalBytes(pub); err != nil {
			return false
		}
	case PolicyOpenSSL:
		if !decodeOpenSSL(&A, pub) || !decodeOpenSSL(&R, Renc) {
			return false
		}
	case PolicyStrict:
		if _, err := A.SetCanonicalBytes(pub); err != nil || A.IsSmallOrder() == 1 {
			return false
		}
		if _, err := R.SetCanonicalBytes(Renc); err != nil || R.IsSmallOrder() == 1 {
			return false
		}
	}

	var k curve448.Scalar
	challenge(&k, Renc, pub, preHash(message, ph), ctx, ph)

	var check curve448.Point
	switch policy {
	case PolicyDefault:
		// [k]·A′ = [k/4]·[4]A: circl's 4-isogeny round trip. R must decode
		// strictly to match the canonical encoding circl compares it with.
		var k4 curve448.Scalar
		k4.Multiply(&k, inv4)
		A.MultByCofactor(&A)
		if halfSize {
			if _, err := R.SetCanonicalBytes(Renc); err != nil {
				return false
			}
			if valid, handled := checkHalfSize(&S, &k4, &A, &R, true); handled {
				return valid
			}
		}
		k4.Negate(&k4)
		check.VarTimeDoubleScalarBaseMult(&k4, &A, &S)
		return string(check.Bytes()) == string(Renc)
	case PolicyOpenSSL:
		// [4]([S]B − R − [k]A) = [4S]B − [4]R − [k]([4]A): torsion-free.
		A.MultByCofactor(&A)
		R.MultByCofactor(&R)
		var S4 curve448.Scalar
		S4.Add(&S, &S).Add(&S4, &S4)
		if halfSize {
			if valid, handled := checkHalfSize(&S4, &k, &A, &R, true); handled {
				return valid
			}
		}
		k.Negate(&k)
		check.VarTimeDoubleScalarBaseMult(&k, &A, &S4)
		return check.Equal(&R) == 1
	default: // PolicyStrict
		if halfSize {
			if valid, handled := checkHalfSize(&S, &k, &A, &R, false); handled {
				return valid
			}
		}
		// −A rather than −k: a Scalar is an integer below q, and q − k
		// acts differently from −k on A's 4-torsion component.
		check.VarTimeDoubleScalarBaseMult(&k, A.Negate(&A), &S)
		return check.Equal(&R) == 1
	}
}
