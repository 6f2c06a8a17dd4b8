//go:build !linux

package batch

import "time"

// threadCPUNanos falls back to wall time where thread CPU time is not read.
func threadCPUNanos() int64 { return time.Now().UnixNano() }
