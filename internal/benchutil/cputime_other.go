//go:build !linux

package benchutil

import "time"

// ThreadCPU falls back to wall time where the thread CPU clock is not read.
func ThreadCPU() int64 { return time.Now().UnixNano() }
