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
