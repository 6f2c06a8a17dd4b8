package curve448

import (
	"testing"

	circl "github.com/cloudflare/circl/dh/x448"
	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

var benchSink []byte

// BenchmarkCompare times X448 and circl's dh/x448 interleaved
// (benchutil.Compare): the x-circl metric is curvekit's median time over
// circl's.
func BenchmarkCompare(b *testing.B) {
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	k, u := xdhtest.Random(b, 56), xdhtest.Random(b, 56)
	pub, err := X448(u, Basepoint)
	if err != nil {
		b.Fatal(err)
	}
	var dst [56]byte
	var ck, cpub, cout circl.Key
	copy(ck[:], k)
	copy(cpub[:], pub)
	b.Run("X448KeyGen", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { xdh(&dst, k, Basepoint) }),
			c("circl", func() { circl.KeyGen(&cout, &ck) }))
	})
	b.Run("X448Shared", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { xdh(&dst, k, pub) }),
			c("circl", func() { circl.Shared(&cout, &ck, &cpub) }))
	})
}

func BenchmarkX448(b *testing.B) {
	k, u := xdhtest.Random(b, 56), xdhtest.Random(b, 56)
	var dst [56]byte
	for b.Loop() {
		xdh(&dst, k, u)
	}
	benchSink = dst[:]
}
