//go:build !race

package hmacsha256

const raceEnabled = false
