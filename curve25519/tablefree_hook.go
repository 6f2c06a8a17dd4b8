package curve25519

import (
	"github.com/curvekit/curvekit/internal/fastpath"
	"github.com/curvekit/curvekit/internal/tablefree"
)

// The table-free switch for cmd/ecbench: forcing the fallback swaps the
// loaded tables for ones that report "failed", and no call path changes.
func init() {
	noTables := &basepointTables{}
	var saved func() *basepointTables
	tablefree.Set = func(on bool) {
		if on && saved == nil {
			saved = basepointTableLoad.Swap(func() *basepointTables { return noTables })
		} else if !on && saved != nil {
			basepointTableLoad.Swap(saved)
			saved = nil
		}
	}
}

// The fe64 switches for other packages' tests (internal/fastpath).
func init() {
	fastpath.Comb64 = func(on bool) bool {
		comb64UseAsm = on && comb64HasAsm
		return comb64UseAsm
	}
	fastpath.Straus64 = func(on bool) bool {
		straus64Path = splitTable
		if on && ladder64HasAsm {
			straus64Path = splitFe64
		}
		return straus64Path == splitFe64
	}
	fastpath.Pippenger64 = func(on bool) bool {
		pippenger64UseAsm = on && ladder64HasAsm
		return pippenger64UseAsm
	}
}
