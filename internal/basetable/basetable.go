// Package basetable is the first-use machinery of the curve packages'
// generated basepoint tables: decode the data of package tables once,
// verify every entry, cross-check the table-based code against table-free
// code, fall back when anything fails, record the outcome (what each
// package's BasepointTableOK reports), and let a test substitute corrupted
// tables.
//
// The curve supplies the steps (decoding its entries, the induction order
// of its layout, its cross-check and its fallback). The code is generic
// over the tables' type: it runs once per process, and the per-point work
// is all inside the steps, which are the package's own concrete functions,
// so the type parameter costs nothing measurable (internal/gen's
// DESIGN.md).
package basetable

import "sync"

// Loader is how a package loads its tables of type T.
type Loader[T any] struct {
	// Decode decodes the generated data; false if its shape is not the
	// one the package's loops use or a coordinate is not canonical. It
	// returns non-nil tables either way.
	Decode func() (*T, bool)
	// Verify checks every entry against its definition, by induction
	// from the basepoint with the group law.
	Verify func(*T) bool
	// CrossCheck compares the table-based multiplications with
	// table-free ones on fixed scalars.
	CrossCheck func(*T) bool
	// Fallback returns the tables to use when a step failed, given what
	// Decode returned (possibly partial or corrupted).
	Fallback func(failed *T) *T
	// SetOK records the outcome in the tables.
	SetOK func(t *T, ok bool)
}

// Load runs the steps: Decode, then corrupt (a test's hook) if it is not
// nil and decoding succeeded, then Verify and CrossCheck, and Fallback if
// any of them failed. Verify and CrossCheck do not run on data that failed
// to decode.
func (l *Loader[T]) Load(corrupt func(*T)) *T {
	t, ok := l.Decode()
	if ok && corrupt != nil {
		corrupt(t)
	}
	ok = ok && l.Verify(t) && l.CrossCheck(t)
	if !ok {
		t = l.Fallback(t)
	}
	l.SetOK(t, ok)
	return t
}

// Tables are a package's tables, loaded on first use.
type Tables[T any] struct {
	loader Loader[T]
	get    func() *T
}

// New returns tables that l loads on the first call of Get.
func New[T any](l Loader[T]) *Tables[T] {
	t := &Tables[T]{loader: l}
	t.get = sync.OnceValue(func() *T { return t.loader.Load(nil) })
	return t
}

// Get returns the tables, loading them on the first call (concurrent
// callers wait for that load).
func (t *Tables[T]) Get() *T { return t.get() }

// Load loads the tables afresh with the test hook corrupt (see
// Loader.Load), without touching what Get returns.
func (t *Tables[T]) Load(corrupt func(*T)) *T { return t.loader.Load(corrupt) }

// Substitute makes Get return tables loaded afresh, on their first use,
// with the test hook corrupt, until restore is called; for tests of the
// fallback, which must not run in parallel with other users of Get.
func (t *Tables[T]) Substitute(corrupt func(*T)) (restore func()) {
	saved := t.Swap(sync.OnceValue(func() *T { return t.loader.Load(corrupt) }))
	return func() { t.Swap(saved) }
}

// Swap makes Get call get from now on and returns the function it called
// before; for tests and benchmarks (the table-free switch of
// cmd/ecbench), not concurrently with Get.
func (t *Tables[T]) Swap(get func() *T) (old func() *T) {
	old, t.get = t.get, get
	return old
}
