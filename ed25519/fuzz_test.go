package ed25519

import (
	"bytes"
	"testing"
)

// FuzzPublicKeyDecoding checks the strict decoder against the lenient one
// and the math/big canonical rule, and that the conversions never panic (the
// interop module's FuzzPublicKeyDecoding checks the lenient decoder and the
// conversions against filippo's).
func FuzzPublicKeyDecoding(f *testing.F) {
	f.Add(encIdentity)
	f.Add(encIdentityNegZero)
	f.Add(encIdentityPPlus1)
	f.Add(encOrder8)
	f.Add(newGeneratorPoint().Bytes())
	f.Add([]byte{0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := NewExpandedPublicKey(b)
		if err == nil && !bytes.Equal(e.PublicKey(), b) {
			t.Fatal("PublicKey() changed")
		}
		if len(b) == 32 {
			if isCanonicalEncoding(b) != canonicalOracle(b) {
				t.Fatal("isCanonicalEncoding disagrees with the oracle")
			}
			_, serr := setCanonicalBytes(new(point), b)
			if (serr == nil) != (err == nil && canonicalOracle(b)) {
				t.Fatalf("strict decoding %v, lenient %v, oracle canonical %v", serr, err, canonicalOracle(b))
			}
		}
		u, uerr := PublicKeyToX25519(b)
		if uerr == nil {
			if err != nil {
				t.Fatal("converted a key that does not decode")
			}
			// u maps back to ±A.
			back, berr := PublicKeyFromX25519(u, int(e.key.bytes[31]>>7))
			if berr != nil || canonicalOracle(b) && !bytes.Equal(back, b) {
				t.Fatalf("round trip %x: %x (%v)", b, back, berr)
			}
		}
		PublicKeyFromX25519(b, 0)
		PublicKeyFromX25519(b, 1)
		BlindPublicKey(b, make([]byte, 32))
		NewExpandedPrivateKey(append(bytes.Clone(b), b...))
	})
}
