//go:build !linux

package ntor

import "time"

// benchThreadCPU falls back to wall time off Linux.
func benchThreadCPU() int64 { return time.Now().UnixNano() }
