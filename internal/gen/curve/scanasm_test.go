package curve

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/amd64sim"
)

// TestScanAsm runs every AVX2 scan of every curve package on random
// tables, for each index 0 … N: d must be *id for 0 and e[abs−1] otherwise,
// every word written, and nothing read outside id and e (the interpreter
// faults on a read past an allocation, so the overlapping last chunk is
// checked too).
func TestScanAsm(t *testing.T) {
	var names []string
	for name, c := range curves {
		if len(c.AVX2) > 0 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatal("no curve package has AVX2 scans")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range names {
		c := curves[name]
		src, err := avx2Scans(c.AVX2)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := amd64sim.Parse(string(src))
		if err != nil {
			t.Fatalf("%s: %v", c.Pkg, err)
		}
		m := amd64sim.New(prog)
		for _, s := range c.AVX2 {
			w := make([]uint64, s.Words*(s.Entries+1))
			for i := range w {
				w[i] = rng.Uint64()
			}
			id, table := w[:s.Words], w[s.Words:]
			pid, pe := m.Words(id...), m.Words(table...)
			for abs := 0; abs <= s.Entries; abs++ {
				d := m.Alloc(8 * s.Words)
				if err := m.Call(s.Name(), d, pid, pe, uint64(abs)); err != nil {
					t.Fatalf("%s: %v", c.Pkg, err)
				}
				got, err := m.ReadWords(d, s.Words)
				if err != nil {
					t.Fatalf("%s %s(%d): %v", c.Pkg, s.Name(), abs, err)
				}
				for k, v := range got {
					if v != w[abs*s.Words+k] {
						t.Fatalf("%s %s(%d): word %d is %#x, want %#x", c.Pkg, s.Name(), abs, k, v, w[abs*s.Words+k])
					}
				}
			}
		}
	}
}
