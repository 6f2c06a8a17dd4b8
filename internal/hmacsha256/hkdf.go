package hmacsha256

import "errors"

// MaxExpand is the longest HKDF-Expand output, 255 blocks (RFC 5869 §2.3).
const MaxExpand = 255 * Size

// ErrExpandTooLong is returned when more than MaxExpand bytes of
// HKDF-Expand output are asked for.
var ErrExpandTooLong = errors.New("hmacsha256: HKDF-Expand output limited to 8160 bytes")

// An Expander streams HKDF-Expand-SHA256(PRK, info) (RFC 5869 §2.3):
// T(i) = HMAC(PRK, T(i-1) ‖ info ‖ i) with T(0) empty, the output being
// T(1) ‖ T(2) ‖ … ‖ T(255). Make one with NewExpander (the zero Expander
// expands the empty PRK with empty info); successive Reads return
// successive bytes of the output.
type Expander struct {
	prk   Key
	info  []byte
	block [Size]byte // T(ctr)
	avail int        // bytes at the end of block not yet returned
	ctr   byte       // index of the block in block; 0 before the first
}

// NewExpander starts HKDF-Expand with pseudorandom key prk (normally
// HKDF-Extract's output, Size bytes; any length is accepted, as HMAC
// accepts it) and context info. The Expander keeps info, which must not be
// modified while it is in use, but not prk.
func NewExpander(prk, info []byte) Expander {
	return Expander{prk: NewKey(prk), info: info}
}

// Read fills p with the next len(p) bytes of output. It returns an error
// (ErrExpandTooLong), with n < len(p), only when the output's MaxExpand
// bytes are used up.
func (e *Expander) Read(p []byte) (n int, err error) {
	for n < len(p) {
		if e.avail == 0 {
			if e.ctr == 255 {
				return n, ErrExpandTooLong
			}
			prev := e.block[:]
			if e.ctr == 0 {
				prev = prev[:0]
			}
			e.ctr++
			e.prk.MAC(&e.block, prev, e.info, []byte{e.ctr})
			e.avail = Size
		}
		c := copy(p[n:], e.block[Size-e.avail:])
		e.avail -= c
		n += c
	}
	return n, nil
}

// Clear wipes e's key and buffered output; e then reads as if exhausted.
func (e *Expander) Clear() {
	e.prk.Clear()
	clear(e.block[:])
	e.avail, e.ctr = 0, 255
}

// Expand fills out with HKDF-Expand-SHA256(prk, info, len(out))
// (RFC 5869 §2.3). It fails, writing nothing, if len(out) > MaxExpand.
func Expand(out, prk, info []byte) error {
	if len(out) > MaxExpand {
		return ErrExpandTooLong
	}
	e := NewExpander(prk, info)
	e.Read(out) // cannot fail: the length is checked above
	e.Clear()
	return nil
}
