package curve25519

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkPippengerWindows times the methods on the batch-equation shape
// (batchShapeInputs: the generator, m decoded points with 128-bit scalars,
// m with full ones): Straus, Straus with the short coefficients replaced by
// sparse ones, Pippenger with each window width, and Pippenger (c = 8)
// with coefficients sparse in radix 256, all taking turns within every
// iteration (thread CPU time, medians per term), to re-check the cost
// model and batch's coefficient choices on a noisy machine. Also reports
// the model's window for the 128-bit shape as "model-c".
func BenchmarkPippengerWindows(b *testing.B) {
	for _, m := range []int{16, 32, 64, 96, 128, 256, 1024} {
		b.Run(fmt.Sprintf("m=%d", m), func(b *testing.B) {
			scalars, points := batchShapeInputs(b, m)
			// The same shape with sparse coefficients, as batch
			// verification draws them for small batches.
			sparse := append([]*Scalar(nil), scalars...)
			rng := rand.New(rand.NewPCG(uint64(m), 1))
			for i := 1; i < len(sparse); i += 2 {
				sparse[i] = sparseScalar(b, rng, 24)
			}
			// And with coefficients sparse in radix 256 (13 nonzero
			// bytes), as batch verification draws them for large
			// batches.
			r8 := append([]*Scalar(nil), scalars...)
			for i := 1; i < len(r8); i += 2 {
				var buf [32]byte
				for k := 0; k < 13; k++ {
					buf[rng.IntN(30)] = byte(1 + rng.IntN(127))
				}
				buf[30] = byte(1 + rng.IntN(127))
				r8[i] = new(Scalar)
				if _, err := r8[i].SetCanonicalBytes(buf[:]); err != nil {
					b.Fatal(err)
				}
			}
			cs := []uint{0, 1, 3, 5, 6, 7, 8, 9, 10}
			t := make([][]float64, len(cs))
			sc := new(msmScratch)
			sc.load(scalars)
			for i := 0; i < b.N; i++ {
				for j, c := range cs {
					var v Point
					t0 := benchutil.ThreadCPU()
					switch c {
					case 0:
						v.varTimeStraus(scalars, points)
					case 1:
						v.varTimeStraus(sparse, points)
					case 3:
						v.varTimePippenger(r8, points, 8)
					default:
						v.varTimePippenger(scalars, points, c)
					}
					t[j] = append(t[j], float64(benchutil.ThreadCPU()-t0)/float64(m))
				}
			}
			for j, c := range cs {
				name := fmt.Sprintf("c%d-ns/m", c)
				switch c {
				case 0:
					name = "straus-ns/m"
				case 1:
					name = "sparse-straus-ns/m"
				case 3:
					name = "r8-c8-ns/m"
				}
				b.ReportMetric(medianOf(t[j]), name)
			}
			b.ReportMetric(float64(sc.window()), "model-c")
		})
	}
}

func medianOf(x []float64) float64 {
	s := append([]float64(nil), x...)
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s[len(s)/2]
}
