package p256

import (
	"crypto"
	"crypto/sha256"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

func TestAllocs(t *testing.T) {
	if testing.AllocsPerRun(1, func() {}) != 0 {
		t.Skip("allocation counting unavailable")
	}
	if testenv.Race {
		t.Skip("-race allocates")
	}
	k := [32]byte{0: 0x5a, 31: 0x77}
	q := generator
	var p point
	baseTable()
	vtBaseTable()
	priv, _ := NewPrivateKey(k[:])
	pub := priv.PublicKey()
	digest := sha256.Sum256([]byte("allocs"))
	sig, _ := priv.Sign(nil, digest[:], crypto.SHA256)
	for name, f := range map[string]func(){
		"scalarBaseMult": func() { p.scalarBaseMult(&k) },
		"scalarMult":     func() { p.scalarMult(&k, &q) },
		"varTimeDouble":  func() { p.varTimeDoubleScalarBaseMult(&k, &k, &q) },
		"VerifyASN1":     func() { VerifyASN1(pub, digest[:], sig) },
	} {
		if n := testing.AllocsPerRun(10, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}
