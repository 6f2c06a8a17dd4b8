//go:build race

package batch

// raceEnabled: the race detector allocates, so allocation counts are not
// checked under -race.
const raceEnabled = true
