package curve25519

import (
	"bytes"
	"testing"

	xcurve "golang.org/x/crypto/curve25519"
)

// The X25519 drop-in contract, checked by the compiler: each function has
// the type of its golang.org/x/crypto/curve25519 counterpart.
var (
	_ = []func([]byte, []byte) ([]byte, error){X25519, xcurve.X25519}
	//lint:ignore SA1019 x/crypto's ScalarMult is the signature the drop-in must match.
	_ = []func(*[32]byte, *[32]byte, *[32]byte){ScalarMult, xcurve.ScalarMult}
	_ = []func(*[32]byte, *[32]byte){ScalarBaseMult, xcurve.ScalarBaseMult}
	_ = [][]byte{Basepoint, xcurve.Basepoint}
)

func TestDropInConstants(t *testing.T) {
	if ScalarSize != xcurve.ScalarSize || PointSize != xcurve.PointSize || !bytes.Equal(Basepoint, xcurve.Basepoint) {
		t.Fatal("constants differ from golang.org/x/crypto/curve25519")
	}
}
