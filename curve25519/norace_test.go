//go:build !race

package curve25519

const raceEnabled = false
