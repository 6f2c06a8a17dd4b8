//go:build race

package curve25519

// raceEnabled: the race detector allocates, so allocation counts are not
// checked under -race.
const raceEnabled = true
