package curve25519_test

import (
	"strings"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
)

// TestPrecomputedX25519NilAndZero: a nil *PrecomputedX25519 returns an
// error (it dereferenced nil before), and the zero value stands for u = 0,
// a low-order point, so X25519 refuses it.
func TestPrecomputedX25519NilAndZero(t *testing.T) {
	scalar := make([]byte, curve25519.ScalarSize)
	scalar[0] = 1
	var nilT *curve25519.PrecomputedX25519
	if out, err := nilT.X25519(scalar); err == nil || out != nil {
		t.Errorf("nil PrecomputedX25519: X25519 = %x, %v; want an error", out, err)
	}
	if out, err := new(curve25519.PrecomputedX25519).X25519(scalar); err == nil || out != nil {
		t.Errorf("zero PrecomputedX25519: X25519 = %x, %v; want an error", out, err)
	}
}

// TestArrayFunctionsNil: ScalarMult and ScalarBaseMult, which have no error
// to return, panic with a message naming the programming error on a nil
// array pointer (x/crypto dereferences nil there), and leave dst alone.
func TestArrayFunctionsNil(t *testing.T) {
	var dst, k, u [32]byte
	k[0], u[0] = 1, 9
	for name, f := range map[string]func(){
		"ScalarMult(nil dst)":        func() { curve25519.ScalarMult(nil, &k, &u) },
		"ScalarMult(nil scalar)":     func() { curve25519.ScalarMult(&dst, nil, &u) },
		"ScalarMult(nil point)":      func() { curve25519.ScalarMult(&dst, &k, nil) },
		"ScalarBaseMult(nil dst)":    func() { curve25519.ScalarBaseMult(nil, &k) },
		"ScalarBaseMult(nil scalar)": func() { curve25519.ScalarBaseMult(&dst, nil) },
	} {
		msg := func() (msg string) {
			defer func() {
				if r := recover(); r != nil {
					msg, _ = r.(string)
				}
			}()
			f()
			return ""
		}()
		if !strings.HasPrefix(msg, "curve25519: nil array pointer") {
			t.Errorf("%s: panic %q, want \"curve25519: nil array pointer\"", name, msg)
		}
	}
	if dst != ([32]byte{}) {
		t.Errorf("dst written by a call that panicked: %x", dst)
	}
}
