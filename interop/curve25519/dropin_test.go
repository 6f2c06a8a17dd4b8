package curve25519_test

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	xcurve "golang.org/x/crypto/curve25519"
)

var _ = []func([]byte, []byte) ([]byte, error){curve25519.X25519, xcurve.X25519}

var //lint:ignore SA1019 x/crypto's ScalarMult is the signature the drop-in must match.
_ = []func(*[32]byte, *[32]byte, *[32]byte){curve25519.ScalarMult, xcurve.ScalarMult}

var _ = []func(*[32]byte, *[32]byte){curve25519.ScalarBaseMult, xcurve.ScalarBaseMult}

var _ = [][]byte{curve25519.Basepoint, xcurve.Basepoint}

func TestDropInConstants(t *testing.T) {
	if curve25519.ScalarSize != xcurve.ScalarSize || curve25519.PointSize != xcurve.PointSize || !bytes.Equal(curve25519.Basepoint, xcurve.Basepoint) {
		t.Fatal("constants differ from golang.org/x/crypto/curve25519")
	}
}
