//go:build race

package curve448

// raceEnabled: the race detector allocates, so allocation counts are not
// checked under -race.
const raceEnabled = true
