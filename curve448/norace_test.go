//go:build !race

package curve448

const raceEnabled = false
