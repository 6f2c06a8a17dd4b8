//go:build curvekit_tablefree

package curve25519

import "github.com/curvekit/curvekit/internal/tablefree"

// The table-free switch of cmd/ecbench -seeds, built only with -tags
// curvekit_tablefree (ecbench builds itself that way to measure the
// basepoint tables' speed-up in one binary): forcing the fallback swaps
// the loaded tables for ones that report "failed", and no call path
// changes. Nothing in a build without the tag can reach it.
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
