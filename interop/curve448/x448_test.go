package curve448_test

import (
	"bytes"
	"testing"

	circl "github.com/cloudflare/circl/dh/x448"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

// TestX448Differential compares X448 with circl's dh/x448 on random
// scalars and points, on the basepoint, and on points that are themselves
// results (which lie on the curve).
func TestX448Differential(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 30
	}
	for i := range n {
		k := xdhtest.Random(t, 56)
		var u []byte
		switch i % 3 {
		case 0:
			u = xdhtest.Random(t, 56) // on the curve or its twist
		case 1:
			u = curve448.Basepoint
		default:
			var err error
			if u, err = curve448.X448(xdhtest.Random(t, 56), curve448.Basepoint); err != nil {
				t.Fatal(err)
			}
		}
		got, err := curve448.X448(k, u)
		var ck, cu, cout circl.Key
		copy(ck[:], k)
		copy(cu[:], u)
		ok := circl.Shared(&cout, &ck, &cu)
		if !ok {
			if err == nil {
				t.Errorf("k=%x u=%x: circl refuses, X448 gives %x", k, u, got)
			}
			continue
		}
		if err != nil || !bytes.Equal(got, cout[:]) {
			t.Errorf("k=%x u=%x: got %x, %v; circl %x", k, u, got, err, cout)
		}
	}
}
