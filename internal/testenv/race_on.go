//go:build race

package testenv

// Race is true when the binary is built with -race.
const Race = true
