package curve448_test

import (
	"bytes"
	"testing"

	circl "github.com/cloudflare/circl/dh/x448"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

// TestKeysMatchCircl compares the key types with circl's dh/x448 on
// random keys: the same public keys and shared secrets.
func TestKeysMatchCircl(t *testing.T) {
	for range 30 {
		a, b := xdhtest.Random(t, 56), xdhtest.Random(t, 56)
		ka, _ := curve448.NewPrivateKey(a)
		kb, _ := curve448.NewPrivateKey(b)
		var ca, cb, cpa, cpb, cs circl.Key
		copy(ca[:], a)
		copy(cb[:], b)
		circl.KeyGen(&cpa, &ca)
		circl.KeyGen(&cpb, &cb)
		if !bytes.Equal(ka.PublicKey().Bytes(), cpa[:]) {
			t.Fatalf("%x: public key %x, circl %x", a, ka.PublicKey().Bytes(), cpa)
		}
		got, err := ka.ECDH(kb.PublicKey())
		if !circl.Shared(&cs, &ca, &cpb) || err != nil || !bytes.Equal(got, cs[:]) {
			t.Fatalf("ECDH = %x, %v; circl %x", got, err, cs)
		}
	}
}
