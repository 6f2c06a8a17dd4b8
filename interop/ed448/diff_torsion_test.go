package ed448_test

import (
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/internal/ed448test"
)

// TestDifferentialCirclTorsion checks PolicyDefault against circl on keys
// and nonces with every torsion component, and random messages.
func TestDifferentialCirclTorsion(t *testing.T) {
	T := ed448test.Torsion(t)
	for i := 0; i < 64; i++ {
		a, r := ed448test.RandomScalar(t), ed448test.RandomScalar(t)
		A := new(curve448.Point).ScalarBaseMult(a)
		R := new(curve448.Point).ScalarBaseMult(r)
		A.Add(A, T[i%4])
		R.Add(R, T[(i/4)%4])
		if i%16 == 15 {
			A.Set(T[i%4]) // pure torsion key
			a = new(curve448.Scalar)
		}
		pub, rEnc := A.Bytes(), R.Bytes()
		msg := []byte{byte(i)}
		sig := ed448test.Forge(pub, rEnc, msg, r, a)
		if got, want := ed448.Verify(pub, msg, sig, ""), circled448.Verify(pub, msg, sig, ""); got != want {
			t.Fatalf("case %d: Verify %v, circl %v", i, got, want)
		}
		// RFC 8032 §5.2.7's cofactored check holds by construction: the
		// OpenSSL policy accepts unless A or R has x = 0 (2·P = identity).
		id := curve448.NewIdentityPoint()
		xZero := func(P *curve448.Point) bool { return new(curve448.Point).Double(P).Equal(id) == 1 }
		wantOpenSSL := !xZero(A) && !xZero(R)
		if got := ed448.VerifyAny(pub, msg, sig, ed448.SignerOptions{Policy: ed448.PolicyOpenSSL}); got != wantOpenSSL {
			t.Fatalf("case %d: PolicyOpenSSL %v", i, got)
		}
	}
}
