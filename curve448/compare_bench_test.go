package curve448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/xdhtest"
)

var benchSink []byte

func BenchmarkX448(b *testing.B) {
	k, u := xdhtest.Random(b, 56), xdhtest.Random(b, 56)
	var dst [56]byte
	for b.Loop() {
		xdh(&dst, k, u)
	}
	benchSink = dst[:]
}
