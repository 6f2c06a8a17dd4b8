//go:build !race

package fieldtest

const raceEnabled = false
