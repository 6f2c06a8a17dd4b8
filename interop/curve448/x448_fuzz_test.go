package curve448_test

import (
	"bytes"
	"testing"

	circl "github.com/cloudflare/circl/dh/x448"
	"github.com/curvekit/curvekit/curve448"
)

// FuzzX448 compares X448 with circl's dh/x448 on arbitrary inputs, and
// checks the length and all-zero errors.
func FuzzX448(f *testing.F) {
	f.Add(make([]byte, 56), curve448.Basepoint)
	f.Add(bytes.Repeat([]byte{0xff}, 56), bytes.Repeat([]byte{0xff}, 56))
	f.Add([]byte{1}, []byte{2})
	f.Fuzz(func(t *testing.T, k, u []byte) {
		got, err := curve448.X448(k, u)
		if len(k) != 56 || len(u) != 56 {
			if err == nil {
				t.Fatalf("accepted lengths %d, %d", len(k), len(u))
			}
			return
		}
		var ck, cu, cout circl.Key
		copy(ck[:], k)
		copy(cu[:], u)
		if !circl.Shared(&cout, &ck, &cu) {
			if err == nil {
				t.Fatalf("circl refuses k=%x u=%x, X448 gives %x", k, u, got)
			}
			return
		}
		if err != nil || !bytes.Equal(got, cout[:]) {
			t.Fatalf("k=%x u=%x: got %x, %v; circl %x", k, u, got, err, cout)
		}
	})
}
