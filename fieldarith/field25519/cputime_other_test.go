//go:build !linux

package field25519

import "testing"

type cpuTimer struct{}

func startCPU(*testing.B) cpuTimer { return cpuTimer{} }

func (cpuTimer) stop() {}
