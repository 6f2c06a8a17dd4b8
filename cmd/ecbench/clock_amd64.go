package main

// addChain adds y to a register 64·n times, each add depending on the one
// before, and returns the sum (so that the work cannot be dropped). It is
// built under -tags purego too: it only times the core and touches no
// secret, and without it there would be no cycle figures.
//
//go:noescape
func addChain(n, y uint64) uint64

// addsPerIteration is the number of dependent adds in one iteration of
// addChain's loop.
const addsPerIteration = 64

const haveAddChain = true
