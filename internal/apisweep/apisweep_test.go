package apisweep

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

func TestExported(t *testing.T) {
	got, err := Exported("testdata/fixture")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Gen.Method", "Generic", "Key.Copy", "Key.Valid", "New"}
	if !slices.Equal(got, want) {
		t.Errorf("Exported = %v, want %v", got, want)
	}
}

type sample struct{ ok bool }

func (s *sample) Ptr() bool  { return s != nil && s.ok }
func (s sample) Value() bool { return s.ok }
func Plain()                 {}

func TestName(t *testing.T) {
	for _, c := range []struct {
		fn   any
		want string
	}{
		{Plain, "Plain"},
		{(*sample).Ptr, "sample.Ptr"},
		{sample.Value, "sample.Value"},
		{(*sample).Value, "sample.Value"},
		{Exported, "Exported"},
		{42, ""},
	} {
		if got := Name(c.fn); got != c.want {
			t.Errorf("Name(%v) = %q, want %q", c.fn, got, c.want)
		}
	}
}

func TestRefusal(t *testing.T) {
	v := reflect.ValueOf
	errNil := reflect.Zero(errorType)
	someErr := v(errors.New("x")).Convert(errorType)
	for _, c := range []struct {
		out    []reflect.Value
		refuse bool
	}{
		{[]reflect.Value{v([]byte{1}), someErr}, true},
		{[]reflect.Value{v([]byte(nil)), errNil}, false},
		{[]reflect.Value{v(false)}, true},
		{[]reflect.Value{v(true)}, false},
		{[]reflect.Value{v(false), v([]bool{true})}, true}, // a bool answer: only bools count
		{[]reflect.Value{v([]byte(nil))}, true},
		{[]reflect.Value{v([]byte{})}, false},
		{[]reflect.Value{v(0)}, true},
		{[]reflect.Value{v(3)}, false},
		{nil, true},
	} {
		if got := refusal(c.out) == ""; got != c.refuse {
			t.Errorf("refusal(%v) refuses = %v, want %v", c.out, got, c.refuse)
		}
	}
}

// TestCandidates checks that the sweep tries nil and zero values of the
// state types as uninitialised, and readers that fail.
func TestCandidates(t *testing.T) {
	s := sweeper{cfg: Config{Lengths: []int{32}}, state: map[reflect.Type]bool{reflect.TypeFor[sample](): true}}
	var uninit, failing int
	for _, a := range s.candidates(reflect.TypeFor[*sample]()) {
		if a.uninit {
			uninit++
		}
	}
	if uninit != 2 {
		t.Errorf("*sample: %d uninitialised candidates, want 2 (nil, new)", uninit)
	}
	for _, a := range s.candidates(readerType) {
		if _, ok := a.v.Interface().(failingReader); ok {
			failing++
		}
	}
	if failing != 1 {
		t.Error("no failing reader among the io.Reader candidates")
	}
	var lens []int
	for _, a := range s.candidates(reflect.TypeFor[[]byte]()) {
		lens = append(lens, a.v.Len())
	}
	if !slices.Equal(lens, []int{0, 1, 32}) {
		t.Errorf("[]byte lengths %v", lens)
	}

	// A slice key type in State: its nil is uninitialised, its lengths not.
	type key []byte
	s.state[reflect.TypeFor[key]()] = true
	var nilKey, sized int
	for _, a := range s.candidates(reflect.TypeFor[key]()) {
		switch {
		case a.uninit && a.v.IsNil():
			nilKey++
		case a.uninit:
			t.Errorf("key candidate %s counted as uninitialised", a.desc)
		default:
			sized++
		}
	}
	if nilKey != 1 || sized != 2 {
		t.Errorf("key: %d uninitialised nil, %d sized candidates; want 1, 2", nilKey, sized)
	}
}

func TestCoverage(t *testing.T) {
	api := []string{"Plain", "sample.Ptr", "sample.Value"}
	full := []Case{{Fn: Plain}, {Fn: (*sample).Ptr}, {Fn: sample.Value}}
	if p := coverage(api, full); len(p) != 0 {
		t.Errorf("complete table: %v", p)
	}
	if p := coverage(api, full[:2]); len(p) != 1 {
		t.Errorf("missing sample.Value: %v", p)
	}
	if p := coverage(api[:2], full); len(p) != 1 {
		t.Errorf("stale sample.Value: %v", p)
	}
	if p := coverage(api, append(full, Case{Fn: Plain})); len(p) != 1 {
		t.Errorf("duplicate Plain: %v", p)
	}
}

// TestScheme checks that Arithmetic removes whole types and single
// functions from the swept API, and that a stale entry is reported.
func TestScheme(t *testing.T) {
	api := []string{"F", "G", "Key.Equal", "Point.Add", "Point.Equal"}
	got, problems := scheme(api, []string{"Point", "G"})
	if want := []string{"F", "Key.Equal"}; !slices.Equal(got, want) || len(problems) != 0 {
		t.Errorf("scheme = %v, %v; want %v, none", got, problems, want)
	}
	if _, problems := scheme(api, []string{"Scalar", "Key.Equal"}); len(problems) != 1 {
		t.Errorf("stale entries: problems = %v, want one (Scalar)", problems)
	}
	if got, _ := scheme(api, nil); !slices.Equal(got, api) {
		t.Errorf("no Arithmetic: scheme = %v, want %v", got, api)
	}
}
