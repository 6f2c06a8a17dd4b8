package curve25519

import "github.com/curvekit/curvekit/internal/tablefree"

// The table-free switch for cmd/ecbench: baseTables is already read through
// a variable, so forcing the fallback swaps it for a table that reports
// "failed", and no call path changes.
func init() {
	tables := baseTables
	noTables := &basepointTables{}
	tablefree.Set = func(on bool) {
		if on {
			baseTables = func() *basepointTables { return noTables }
		} else {
			baseTables = tables
		}
	}
}
