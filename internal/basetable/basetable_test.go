package basetable

import "testing"

type tabs struct {
	ok   bool
	data []int
	fell bool
}

// loader's tables are [1, 2, 3]: Verify checks data[i] = i+1 (an
// induction of its own), CrossCheck the sum.
func loader(decodeOK bool, calls *[]string) Loader[tabs] {
	return Loader[tabs]{
		Decode: func() (*tabs, bool) {
			*calls = append(*calls, "decode")
			return &tabs{data: []int{1, 2, 3}}, decodeOK
		},
		Verify: func(t *tabs) bool {
			*calls = append(*calls, "verify")
			for i, v := range t.data {
				if v != i+1 {
					return false
				}
			}
			return true
		},
		CrossCheck: func(t *tabs) bool {
			*calls = append(*calls, "cross")
			return t.data[0]+t.data[1]+t.data[2] == 6
		},
		Fallback: func(failed *tabs) *tabs {
			*calls = append(*calls, "fallback")
			return &tabs{fell: true}
		},
		SetOK: func(t *tabs, ok bool) { t.ok = ok },
	}
}

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		name     string
		decodeOK bool
		corrupt  func(*tabs)
		ok       bool
		calls    string
	}{
		{"good", true, nil, true, "decode verify cross"},
		{"undecodable", false, func(*tabs) { t.Error("corrupt ran on undecodable data") }, false, "decode fallback"},
		{"verify fails", true, func(t *tabs) { t.data[2] = 4 }, false, "decode verify fallback"},
		{"cross fails", true, func(t *tabs) { t.data[0], t.data[1] = 2, 2 }, false, "decode verify fallback"},
	} {
		var calls []string
		l := loader(tc.decodeOK, &calls)
		got := l.Load(tc.corrupt)
		if got.ok != tc.ok || got.fell == tc.ok {
			t.Errorf("%s: ok %v, fell back %v", tc.name, got.ok, got.fell)
		}
		s := ""
		for i, c := range calls {
			if i > 0 {
				s += " "
			}
			s += c
		}
		if s != tc.calls {
			t.Errorf("%s: steps %q, want %q", tc.name, s, tc.calls)
		}
	}
}

func TestTables(t *testing.T) {
	var calls []string
	tb := New(loader(true, &calls))
	if len(calls) != 0 {
		t.Fatal("New loaded the tables")
	}
	a := tb.Get()
	if !a.ok || tb.Get() != a || len(calls) != 3 {
		t.Fatalf("Get: ok %v, loads %d", a.ok, len(calls))
	}
	restore := tb.Substitute(func(t *tabs) { t.data[1] = 0 })
	if b := tb.Get(); b.ok || !b.fell || tb.Get() != b {
		t.Fatal("the substituted tables passed, or were loaded twice")
	}
	restore()
	if tb.Get() != a {
		t.Fatal("restore did not bring back the verified tables")
	}
	none := &tabs{}
	old := tb.Swap(func() *tabs { return none })
	if tb.Get() != none {
		t.Fatal("Swap did not change Get")
	}
	tb.Swap(old)
	if c := tb.Load(nil); c == a || !c.ok || tb.Get() != a {
		t.Fatal("Load did not load afresh, or changed Get")
	}
}
