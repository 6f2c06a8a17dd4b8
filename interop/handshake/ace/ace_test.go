package ace_test

import (
	"testing"

	"github.com/curvekit/curvekit/handshake/ace"
)

const offB = ace.IDSize

const offX1 = offB + ace.PublicKeySize

const offX2 = offX1 + ace.PublicKeySize

func mustKey(t testing.TB) *ace.PrivateKey {
	t.Helper()
	k, err := ace.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
