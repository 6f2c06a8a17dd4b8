package ace_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/curvekit/curvekit/handshake/ace"
)

// FuzzNewPublicKey: never panics, and accepts exactly the encodings x ‖ y
// with canonical coordinates of points of order ℓ (the math/big and voi
// oracle; the library's FuzzNewPublicKey uses a math/big one).
func FuzzNewPublicKey(f *testing.F) {
	f.Add(mustKey(f).PublicKey().Bytes())
	f.Add(make([]byte, ace.PublicKeySize))
	f.Add(append(make([]byte, 32), append([]byte{1}, make([]byte, 31)...)...)) // the identity, x = 0, y = 1
	f.Add([]byte{1})
	f.Add(bytes.Repeat([]byte{0xff}, ace.PublicKeySize))
	for _, b := range badPoints(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := ace.NewPublicKey(b)
		if len(b) != ace.PublicKeySize {
			if !errors.Is(err, ace.ErrInvalidLength) {
				t.Fatalf("%d bytes: got %v", len(b), err)
			}
			return
		}
		if (err == nil) != voiAcceptable(b) {
			t.Fatalf("%x: NewPublicKey error %v, oracle %v", b, err, voiAcceptable(b))
		}
		if err == nil && !bytes.Equal(k.Bytes(), b) {
			t.Fatalf("%x: round trip gave %x", b, k.Bytes())
		}
	})
}
