//go:build race

package ed25519

const raceEnabled = true
