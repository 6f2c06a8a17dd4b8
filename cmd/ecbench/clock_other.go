//go:build !amd64

package main

// addChain exists only in assembly (clock_amd64.s): Go code gives no
// guarantee of one dependent add per cycle, so other architectures report
// ns only.
func addChain(n, y uint64) uint64 { return 0 }

const addsPerIteration = 64

const haveAddChain = false
