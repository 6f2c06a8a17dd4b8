//go:build !linux

package ntorv3

import "time"

// benchThreadCPU falls back to wall time off Linux.
func benchThreadCPU() int64 { return time.Now().UnixNano() }
