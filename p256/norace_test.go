//go:build !race

package p256

const raceEnabled = false
