package ecdsa

import (
	"bytes"
	"testing"
)

// TestDERSizes round-trips DER signatures for P-256-, P-384- and
// P-521-sized integers, including the long-form SEQUENCE length P-521
// needs, and checks the encodings against hand-assembled bytes.
func TestDERSizes(t *testing.T) {
	for _, size := range []int{32, 48, 66} {
		half := bytes.Repeat([]byte{0x7f}, size)
		p := NewParams("test", size, half)
		var r, s Int
		for i := range size {
			r[i] = 0xff
			s[i] = byte(i + 1)
		}
		sig := p.EncodeDER(&r, &s)
		rl, sl := size+1, size // r needs a leading zero, s does not
		n := 2 + rl + 2 + sl
		var want []byte
		if n < 128 {
			want = []byte{0x30, byte(n)}
		} else {
			want = []byte{0x30, 0x81, byte(n)}
		}
		want = append(want, 0x02, byte(rl), 0)
		want = append(want, r[:size]...)
		want = append(want, 0x02, byte(sl))
		want = append(want, s[:size]...)
		if !bytes.Equal(sig, want) {
			t.Fatalf("size %d: EncodeDER = %x, want %x", size, sig, want)
		}
		r2, s2, ok := p.ParseDER(sig)
		if !ok || r2 != r || s2 != s {
			t.Fatalf("size %d: ParseDER(EncodeDER) = %v, %x, %x", size, ok, r2[:size], s2[:size])
		}
		// One byte too many in r is rejected.
		long := append([]byte{0x02, byte(size + 1), 1}, r[:size]...)
		long = append(long, want[len(want)-2-sl:]...)
		long = append([]byte{0x30, 0x81, byte(len(long))}, long...)
		if _, _, ok := p.ParseDER(long); ok {
			t.Errorf("size %d: ParseDER accepted a %d-byte r", size, size+1)
		}
		if p1363 := p.EncodeP1363(&r, &s); len(p1363) != 2*size {
			t.Errorf("size %d: EncodeP1363 gave %d bytes", size, len(p1363))
		} else if r3, s3, ok := p.ParseP1363(p1363); !ok || r3 != r || s3 != s {
			t.Errorf("size %d: ParseP1363(EncodeP1363) differs", size)
		}
		if _, _, ok := p.ParseP1363(make([]byte, 2*size+1)); ok {
			t.Errorf("size %d: ParseP1363 accepted %d bytes", size, 2*size+1)
		}
	}
}
