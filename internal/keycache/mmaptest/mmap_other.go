//go:build !unix

package mmaptest

// Map returns ErrUnsupported on this platform.
func Map(n int) ([]byte, func() error, error) {
	return nil, nil, ErrUnsupported
}
