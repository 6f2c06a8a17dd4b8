package ed25519

import (
	"bytes"
	stded25519 "crypto/ed25519"
	"testing"

	filippo "filippo.io/edwards25519"
	"github.com/hdevalence/ed25519consensus"
)

// FuzzVerify compares the three policies with their oracles on arbitrary
// keys, messages and signatures, and checks nothing panics.
func FuzzVerify(f *testing.F) {
	pub, priv, _ := GenerateKey(nil)
	sig := Sign(priv, []byte("seed"))
	f.Add([]byte(pub), []byte("seed"), sig)
	f.Add(encIdentity, []byte("x"), append(bytes.Clone(encIdentity), make([]byte, 32)...))
	f.Add(encIdentityPPlus1, []byte(""), append(bytes.Clone(encIdentityNegZero), make([]byte, 32)...))
	f.Add([]byte{1, 2, 3}, []byte("short key"), sig)
	f.Add([]byte(pub), []byte("short sig"), sig[:10])
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		def := Verify(pub, msg, sig)
		if want := stdVerify(pub, msg, sig, &stded25519.Options{}); def != want {
			t.Fatalf("PolicyDefault %v, crypto/ed25519 %v", def, want)
		}
		zip := VerifyWithOptions(pub, msg, sig, &Options{Policy: PolicyZIP215}) == nil
		if want := len(pub) == 32 && ed25519consensus.Verify(pub, msg, sig); zip != want {
			t.Fatalf("PolicyZIP215 %v, ed25519consensus %v", zip, want)
		}
		strict := VerifyWithOptions(pub, msg, sig, &Options{Policy: PolicyStrict}) == nil
		if !def {
			if strict {
				t.Fatal("PolicyStrict accepts what PolicyDefault rejects")
			}
			return
		}
		if want := canonicalOracle(pub) && canonicalOracle(sig[:32]) && !oracleSmallOrder(pub) && !oracleSmallOrder(sig[:32]); strict != want {
			t.Fatalf("PolicyStrict %v, checklist %v", strict, want)
		}
		if !zip && canonicalOracle(sig[:32]) {
			// The cofactorless equation implies the cofactored one.
			t.Fatal("accepted cofactorless but not cofactored")
		}
	})
}

// FuzzPublicKeyDecoding checks the public-key decoders against filippo's
// lenient decoding and the math/big canonical rule, and that the
// conversions never panic.
func FuzzPublicKeyDecoding(f *testing.F) {
	f.Add(encIdentity)
	f.Add(encIdentityNegZero)
	f.Add(encIdentityPPlus1)
	f.Add(encOrder8)
	f.Add(newGeneratorPoint().Bytes())
	f.Add([]byte{0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := NewExpandedPublicKey(b)
		_, ferr := new(filippo.Point).SetBytes(b)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("NewExpandedPublicKey %v, filippo %v", err, ferr)
		}
		if err == nil && !bytes.Equal(e.PublicKey(), b) {
			t.Fatal("PublicKey() changed")
		}
		if len(b) == 32 {
			if isCanonicalEncoding(b) != canonicalOracle(b) {
				t.Fatal("isCanonicalEncoding disagrees with the oracle")
			}
			_, serr := setCanonicalBytes(new(point), b)
			if (serr == nil) != (ferr == nil && canonicalOracle(b)) {
				t.Fatalf("strict decoding %v, oracle lenient %v canonical %v", serr, ferr, canonicalOracle(b))
			}
		}
		u, uerr := PublicKeyToX25519(b)
		if uerr == nil {
			if err != nil || oracleSmallOrder(b) {
				t.Fatal("converted a key that is not a prime-order-part point")
			}
			// u maps back to ±A.
			back, berr := PublicKeyFromX25519(u, int(e.key.bytes[31]>>7))
			var A filippo.Point
			A.SetBytes(b)
			if berr != nil || !bytes.Equal(back, A.Bytes()) {
				t.Fatalf("round trip %x: %x (%v)", b, back, berr)
			}
		}
		PublicKeyFromX25519(b, 0)
		PublicKeyFromX25519(b, 1)
		BlindPublicKey(b, make([]byte, 32))
		NewExpandedPrivateKey(append(bytes.Clone(b), b...))
	})
}
