package ed25519

import (
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	mathrand "math/rand/v2"
	"testing"
)

// TestExpandedMixedOrderKeys checks the precomputed-table path of
// ExpandedPublicKey on keys and nonces with a small-order component, where
// the half-size equation works modulo 8ℓ: signatures are made with the
// secret scalar of the prime-order part, so ZIP-215 must accept every one
// and the cofactorless policy only some. The expanded key, the one-shot
// functions with and without the half-size equation, crypto/ed25519 and
// ed25519consensus must agree. Random k makes both signs of δ occur.
func TestExpandedMixedOrderKeys(t *testing.T) {
	rng := mathrand.New(mathrand.NewPCG(11, 12))
	var T point
	if _, err := T.SetBytes(encOrder8); err != nil {
		t.Fatal(err)
	}
	randScalar := func() *scalar {
		var b [64]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		s, _ := newScalar().SetUniformBytes(b[:])
		return s
	}
	n := 40
	if testing.Short() {
		n = 10
	}
	defaultAccepted := 0
	for i := 0; i < n; i++ {
		a := randScalar()
		var A, jT point
		A.ScalarBaseMult(a)
		jT.Set(identity)
		for j := 0; j < i%8; j++ {
			jT.Add(&jT, &T)
		}
		A.Add(&A, &jT)
		pub := PublicKey(A.Bytes())
		e, err := NewExpandedPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		for m := 0; m < 4; m++ {
			r := randScalar()
			var R point
			R.ScalarBaseMult(r)
			if m%2 == 1 {
				R.Add(&R, &T)
			}
			msg := []byte{byte(i), byte(m), 'x'}
			h := sha512.New()
			h.Write(R.Bytes())
			h.Write(pub)
			h.Write(msg)
			k, _ := newScalar().SetUniformBytes(h.Sum(nil))
			S := newScalar().MultiplyAdd(k, a, r)
			sig := append(R.Bytes(), S.Bytes()...)

			for _, p := range []Policy{PolicyDefault, PolicyZIP215, PolicyStrict} {
				opts := &Options{Policy: p}
				got := e.VerifyWithOptions(msg, sig, opts) == nil
				one := VerifyWithOptions(pub, msg, sig, opts) == nil
				full := fullSize.one(pub, msg, sig, opts) == nil
				fullExp := fullSize.expanded(e, msg, sig, opts) == nil
				if got != one || got != full || got != fullExp {
					t.Fatalf("key %d sig %d %v: expanded %v, one-shot %v, full-size %v, expanded full-size %v", i, m, p, got, one, full, fullExp)
				}
				switch p {
				case PolicyDefault:
					if std := stded25519.Verify(stded25519.PublicKey(pub), msg, sig); got != std {
						t.Fatalf("key %d sig %d: expanded %v, crypto/ed25519 %v", i, m, got, std)
					}
					if got {
						defaultAccepted++
					}
				case PolicyZIP215:
					if !got {
						t.Fatalf("key %d sig %d: ZIP-215 rejects a cofactored-valid signature", i, m)
					}
				}
			}
		}
	}
	if defaultAccepted == 0 {
		t.Error("no signature accepted by PolicyDefault: the test does not exercise acceptance")
	}
}

// TestExpandedTables checks that an ExpandedPublicKey's tables are those of
// −A and A.
func TestExpandedTables(t *testing.T) {
	pub, _, _ := GenerateKey(nil)
	e, err := NewExpandedPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	var A point
	A.SetBytes(pub)
	// [1](±A) + 0 = ±A through the multiplication.
	one, _ := newScalar().SetCanonicalBytes(append([]byte{1}, make([]byte, 31)...))
	zero := newScalar()
	var got, negA point
	negA.Negate(&A)
	got.VarTimeSplitBaseMultPrecomputed(zero, zero, one, &e.key.pre[0], zero, &A)
	if got.Equal(&negA) != 1 {
		t.Error("pre[0] is not −A")
	}
	got.VarTimeSplitBaseMultPrecomputed(zero, zero, one, &e.key.pre[1], zero, &A)
	if got.Equal(&A) != 1 {
		t.Error("pre[1] is not A")
	}
}
