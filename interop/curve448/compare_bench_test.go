package curve448_test

import (
	"testing"

	circl "github.com/cloudflare/circl/dh/x448"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

var benchSink []byte

// BenchmarkCompare times X448 and circl's dh/x448 interleaved
// (benchutil.Compare): the x-circl metric is curvekit's median time over
// circl's. curvekit's contender is the exported X448, which returns a new
// 56-byte slice per call.
func BenchmarkCompare(b *testing.B) {
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	k, u := xdhtest.Random(b, 56), xdhtest.Random(b, 56)
	pub, err := curve448.X448(u, curve448.Basepoint)
	if err != nil {
		b.Fatal(err)
	}
	var ck, cpub, cout circl.Key
	copy(ck[:], k)
	copy(cpub[:], pub)
	b.Run("X448KeyGen", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { benchSink, _ = curve448.X448(k, curve448.Basepoint) }),
			c("circl", func() { circl.KeyGen(&cout, &ck) }))
	})
	b.Run("X448Shared", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { benchSink, _ = curve448.X448(k, pub) }),
			c("circl", func() { circl.Shared(&cout, &ck, &cpub) }))
	})
}
