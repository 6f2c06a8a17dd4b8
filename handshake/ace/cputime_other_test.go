//go:build !linux

package ace

import "time"

// threadCPU falls back to wall time where no thread clock is available.
func threadCPU() int64 { return time.Now().UnixNano() }
