package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Table selects the table an algorithm is printed in. Tables are printed in
// this order; the first three are openssl speed's own ECDSA, ECDH and EdDSA
// tables, the rest are curvekit's additions in the same style.
type Table int

const (
	TableECDSA     Table = iota // openssl: "%4u bits ecdsa (%s) ..."
	TableECDH                   // openssl: "%4u bits ecdh (%s) ..."
	TableEdDSA                  // openssl: "%4u bits EdDSA (%s) ..."
	TableFreshKey               // EdDSA signing with a fresh copy of the key each call
	TableKeygen                 // fixed-base key generation
	TableBatch                  // batch verification, one row per batch size
	TableBlind                  // Tor key blinding
	TableHandshake              // ntor, Ace, hs-ntor
	TableGroup                  // group operations (scalar multiplications)
)

// Op is one measured operation of an algorithm: one column of its table row
// (or, for batch tables, one row).
type Op struct {
	Name  string // column name as in openssl ("sign", "verify", "op") or ours ("n=64")
	Desc  string // one line for -list
	Items int    // operations done by one call (the batch size); 0 means 1
}

func (o Op) items() int {
	if o.Items <= 0 {
		return 1
	}
	return o.Items
}

// OpFunc performs one call of an operation on state prepared by Impl.New.
// It returns an error if the implementation misbehaves (for example a
// signature that does not verify), which aborts the measurement.
type OpFunc func() error

// Impl is one implementation of an algorithm: curvekit's or a Go peer's.
type Impl struct {
	Name string // short name in tables: "curvekit", "crypto/ecdh", "circl", "voi", ...
	Pkg  string // import path(s), for -list
	// New prepares an independent instance for op (keys, messages and
	// signatures are made here, never inside the timed loop) and returns the
	// function that performs one call. It is called once per goroutine, so
	// instances need not be safe for concurrent use.
	New func(op Op) (OpFunc, error)
}

// Implemented reports whether the implementation exists in this build.
func (im Impl) Implemented() bool { return im.New != nil }

// Algorithm is one entry of the registry, added by an alg_*.go file.
type Algorithm struct {
	Name   string // command-line name; openssl speed's where it has one
	Table  Table
	Family string // word in the row label: "ecdsa", "ecdh", "EdDSA", "keygen", ...
	Curve  string // in parentheses in the row label: "nistp256", "X25519", "Ed25519", ...
	Bits   int    // as openssl counts them (253 for Curve25519, 456 for Ed448)
	Ops    []Op

	// OpenSSL is the openssl speed algorithm name ("" if openssl has none)
	// and OpenSSLIndex its index in openssl 3.0's +F lines.
	OpenSSL      string
	OpenSSLIndex int

	// Curvekit is curvekit's implementation; leave New nil while the
	// primitive does not exist: tables then say "curvekit: not yet implemented".
	Curvekit Impl
	// Peers are the Go libraries a user would pick instead.
	Peers []Impl

	// Order sorts algorithms within a table (openssl's index where it has one).
	Order int
}

// Impls returns curvekit's implementation followed by the peers.
func (a *Algorithm) Impls() []Impl {
	ck := a.Curvekit
	ck.Name = curvekitName
	return append([]Impl{ck}, a.Peers...)
}

// Impl returns the implementation with the given name.
func (a *Algorithm) Impl(name string) (Impl, bool) {
	for _, im := range a.Impls() {
		if im.Name == name {
			return im, true
		}
	}
	return Impl{}, false
}

const curvekitName = "curvekit"

var registry []*Algorithm

// register adds an algorithm; called from the init function of its alg_*.go file.
func register(a *Algorithm) {
	for _, b := range registry {
		if b.Name == a.Name {
			panic("ecbench: algorithm registered twice: " + a.Name)
		}
	}
	if len(a.Ops) == 0 || a.Bits <= 0 || a.Family == "" || a.Curve == "" {
		panic("ecbench: incomplete registration of " + a.Name)
	}
	registry = append(registry, a)
	sort.SliceStable(registry, func(i, j int) bool {
		x, y := registry[i], registry[j]
		if x.Table != y.Table {
			return x.Table < y.Table
		}
		if x.Order != y.Order {
			return x.Order < y.Order
		}
		return x.Name < y.Name
	})
}

// groups of names openssl speed accepts for several algorithms at once.
var aliases = map[string]Table{"ecdsa": TableECDSA, "ecdh": TableECDH, "eddsa": TableEdDSA}

// selectAlgorithms resolves command-line names, in the order given (an
// alias's algorithms in registry order at its place), without duplicates;
// no names means every algorithm, in registry order.
func selectAlgorithms(names []string) ([]*Algorithm, error) {
	if len(names) == 0 {
		return append([]*Algorithm(nil), registry...), nil
	}
	var out []*Algorithm
	for _, n := range names {
		n = strings.ToLower(n)
		found := false
		for _, a := range registry {
			t, alias := aliases[n]
			if a.Name != n && !(alias && a.Table == t) {
				continue
			}
			found = true
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown algorithm %q (ecbench -list shows them)", n)
		}
	}
	return out, nil
}
