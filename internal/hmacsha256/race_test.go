//go:build race

package hmacsha256

// raceEnabled: the race detector allocates, so allocation counts are not
// checked under -race.
const raceEnabled = true
