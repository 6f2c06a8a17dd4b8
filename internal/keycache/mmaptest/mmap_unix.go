//go:build unix

package mmaptest

import "syscall"

// Map returns n bytes of fresh anonymous memory from mmap, which the Go
// heap does not own, and a function that unmaps it.
func Map(n int) ([]byte, func() error, error) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
