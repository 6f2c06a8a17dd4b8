package ed25519core_test

import (
	"bytes"
	"testing"

	filippo "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/internal/ed25519core"
)

// FuzzKeySet checks Key.Set against filippo.io/edwards25519's decoder and
// IsCanonicalEncoding against its definition.
func FuzzKeySet(f *testing.F) {
	f.Add([]byte{1})
	f.Add(append([]byte{1}, make([]byte, 31)...))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(ed25519core.SmallOrderEncodings[4][:])
	f.Fuzz(func(t *testing.T, b []byte) {
		var key ed25519core.Key
		err := key.Set(b, true)
		P, ferr := new(filippo.Point).SetBytes(b)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("Set %v, filippo %v", err, ferr)
		}
		if err != nil {
			return
		}
		if !bytes.Equal(new(filippo.Point).Negate(P).Bytes(), key.NegA.Bytes()) {
			t.Fatal("NegA is not −A")
		}
		// Canonical: re-encoding the decoded point gives b back.
		if key.Canonical != bytes.Equal(P.Bytes(), b) {
			t.Fatalf("Canonical %v for %x", key.Canonical, b)
		}
		small := new(filippo.Point).MultByCofactor(P).Equal(filippo.NewIdentityPoint()) == 1
		if key.SmallOrder != small {
			t.Fatal("SmallOrder wrong")
		}
		if key.Canonical && ed25519core.IsSmallOrderEncoding(b) != small {
			t.Fatal("IsSmallOrderEncoding wrong")
		}
	})
}
