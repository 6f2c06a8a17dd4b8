//go:build !linux

package benchutil

import "time"

// ThreadCPU falls back to wall time where the thread CPU clock is not read.
func ThreadCPU() int64 { return time.Now().UnixNano() }

// ProcessCPU falls back to wall time where the process CPU clock is not read.
func ProcessCPU() int64 { return time.Now().UnixNano() }
