package bigle

import "testing"

func TestInt(t *testing.T) {
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{nil, "0"},
		{[]byte{1}, "1"},
		{[]byte{0, 1}, "256"},
		{[]byte{0xff, 0xfe, 0, 0}, "65279"},
	} {
		if got := Int(c.in).String(); got != c.want {
			t.Errorf("Int(%x) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestWords(t *testing.T) {
	for _, c := range []struct {
		in   []uint64
		want string
	}{
		{nil, "0"},
		{[]uint64{5}, "5"},
		{[]uint64{0, 1}, "18446744073709551616"},
		{[]uint64{1<<64 - 1, 1<<64 - 1}, "340282366920938463463374607431768211455"},
	} {
		if got := Words(c.in).String(); got != c.want {
			t.Errorf("Words(%x) = %s, want %s", c.in, got, c.want)
		}
	}
}
