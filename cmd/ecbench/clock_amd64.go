package main

// addChain adds y to a register 64·n times, each add depending on the one
// before, and returns the sum (so that the work cannot be dropped).
//
//go:noescape
func addChain(n, y uint64) uint64

// addsPerIteration is the number of dependent adds in one iteration of
// addChain's loop.
const addsPerIteration = 64

const haveAddChain = true
