// Package randfault provides faulty io.Readers for testing that every
// curvekit function taking a rand io.Reader handles its failures: a reader
// that fails at once, one that fails after a number of good bytes (a short
// read that ends in an error), and one that returns one byte per Read (short
// reads that are not errors, which must give the same result as a full read).
// The tests of this package run each against every such function.
package randfault

import (
	"errors"
	"io"
)

// ErrFault is the error the failing readers return.
var ErrFault = errors.New("randfault: injected read failure")

// Fail returns a reader whose every Read fails with ErrFault.
func Fail() io.Reader { return &after{n: 0} }

// After returns a reader that yields n bytes of stream and then fails with
// ErrFault; if eof is set it ends with io.EOF instead, as bytes.Reader does.
func After(stream []byte, n int, eof bool) io.Reader {
	return &after{b: stream, n: n, eof: eof}
}

type after struct {
	b   []byte
	n   int
	eof bool
}

func (r *after) Read(p []byte) (int, error) {
	if r.n == 0 {
		if r.eof {
			return 0, io.EOF
		}
		return 0, ErrFault
	}
	k := min(len(p), r.n, len(r.b))
	copy(p, r.b[:k])
	r.b, r.n = r.b[k:], r.n-k
	if len(r.b) == 0 {
		r.n = 0
	}
	return k, nil
}

// Dribble returns a reader that yields stream one byte per Read, then io.EOF.
func Dribble(stream []byte) io.Reader { return &dribble{b: stream} }

type dribble struct{ b []byte }

func (r *dribble) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.b[0]
	r.b = r.b[1:]
	return 1, nil
}
