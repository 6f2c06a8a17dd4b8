//go:build !linux

package field448

import "testing"

type cpuTimer struct{}

func startCPU(*testing.B) cpuTimer { return cpuTimer{} }

func (cpuTimer) stop() {}
