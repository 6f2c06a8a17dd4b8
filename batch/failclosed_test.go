package batch

import (
	"testing"

	"github.com/curvekit/curvekit/ed25519"
)

// A nil *Verifier fails closed: no entries, nothing added, Verify false.
// Every method dereferenced nil before.
func TestNilVerifier(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	msg := []byte("m")
	var v *Verifier
	v.Add(pub, msg, ed25519.Sign(priv, msg))
	v.AddWithOptions(pub, msg, ed25519.Sign(priv, msg), nil)
	v.Reset()
	if v.Len() != 0 {
		t.Errorf("Len = %d", v.Len())
	}
	if ok, valid := v.Verify(nil); ok || len(valid) != 0 {
		t.Errorf("Verify = %v, %v", ok, valid)
	}
}
