// Package apisweep checks the fail-closed rule of curvekit's scheme-level
// packages (ed25519, ed448, p256, batch, the handshakes, and the X25519,
// X448 and key-type API of curve25519 and curve448): every
// exported function and method, called with zero values, nil pointers, nil
// and short slices and failing readers, must not panic (outside a short,
// documented allowlist) and must not answer "ok" when one of its arguments
// is an uninitialised value of the package's key or state types.
//
// A package adds itself with one test (see Run): a table of its exported
// functions and methods as function values, methods as method expressions
// such as (*T).M. Run parses the package's sources (go/parser) and fails
// when an exported function or method is missing from the table, so new API
// cannot slip past the sweep. A package that also holds group arithmetic
// (curve25519, curve448) names those types and functions in
// Config.Arithmetic: they follow the arithmetic rule instead (zero values
// and nil receivers are programming errors that may panic, as in Go's
// edwards25519, whose zero Point panics "use of uninitialized Point"), and
// every exported name must be either swept or listed there. It is imported
// by _test.go files only.
package apisweep

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Exported returns the sorted names of the exported functions and methods
// declared in the non-test Go files of the package in dir: "F" for a
// function F, "T.M" for a method M of an exported type T (pointer or value
// receiver). Files of every build configuration are read, so the union is
// listed.
func Exported(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var names []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil {
				names = append(names, fd.Name.Name)
				continue
			}
			recv := receiverType(fd.Recv.List[0].Type)
			if recv == "" || !ast.IsExported(recv) {
				continue // methods of unexported types are not API
			}
			names = append(names, recv+"."+fd.Name.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names), nil
}

// receiverType returns the type name of a receiver expression: T, *T, T[P]
// or *T[P].
func receiverType(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// Name returns the name Exported uses for the function or method
// expression fn, e.g. "Verify" or "ExpandedPublicKey.Verify".
func Name(fn any) string {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return ""
	}
	full := runtime.FuncForPC(v.Pointer()).Name() // path/pkg.(*T).M, path/pkg.T.M or path/pkg.F
	if i := strings.LastIndex(full, "/"); i >= 0 {
		full = full[i+1:]
	}
	if i := strings.Index(full, "."); i >= 0 {
		full = full[i+1:] // drop the package name
	}
	full = strings.NewReplacer("(*", "", ")", "").Replace(full)
	return full
}

// Mode is what a Case may answer when an argument is uninitialised.
type Mode int

const (
	// Refuse (the default): a call with an uninitialised argument (a nil
	// pointer to, or the zero value of, one of Config.State) must refuse:
	// every error result non-nil; if there is none, every bool result
	// false; if there is neither, every result the zero value (nil, 0).
	Refuse Mode = iota
	// NoPanic: the call need only return (functions of public data that
	// have a documented answer for every input, and constructors that take
	// no state).
	NoPanic
)

// Case is one exported function or method.
type Case struct {
	// Fn is the function, or the method as a method expression: (*T).M or
	// T.M. The receiver is then argument 0.
	Fn any
	// Mode is what it may answer on uninitialised arguments.
	Mode Mode
	// Defaults lists the arguments (receiver = 0) for which nil is a
	// documented default ("nil means fresh keys from crypto/rand"), so a
	// nil there does not count as uninitialised.
	Defaults []int
	// Panics, if not empty, allows a panic whose message begins with it: a
	// programming error the peer documents as a panic too (ed25519.Sign
	// with a key of the wrong length, as crypto/ed25519.Sign).
	Panics string
	// Skip, if not empty, skips the case with this reason. It is for a
	// known gap being fixed elsewhere, and is to be removed with the fix.
	Skip string
}

// Config describes one package for Run.
type Config struct {
	// Dir is the package's source directory ("." from its own tests).
	Dir string
	// Cases covers every exported function and method of the package.
	Cases []Case
	// Arithmetic names the package's arithmetic API, which the fail-closed
	// rule does not cover: a type name T stands for all of T's methods, a
	// function name for itself. Run fails when a name here is not declared
	// by the package (so the list cannot go stale) or is also in Cases. The
	// package godoc must state the arithmetic rule (zero values are
	// programming errors that panic; nil receivers may panic).
	Arithmetic []string
	// State lists the package's key and state types (as reflect.Type of the
	// struct, not the pointer; or a slice type such as a []byte key, whose
	// nil value is then uninitialised): their zero values and nil pointers
	// are the uninitialised values the sweep feeds in. The zero values of
	// other types (options structs, say) are documented defaults.
	State []reflect.Type
	// Valid holds initialised values (real keys, states, messages) that
	// the sweep mixes in, so that a zero value is also tried next to valid
	// ones; each is used for parameters of its exact type.
	Valid []any
	// Lengths are the byte-slice lengths worth trying besides nil and 1:
	// the package's key, signature and message sizes, so that calls get
	// past their length checks to the code that uses the state.
	Lengths []int
	// MaxCalls bounds the calls per Case (default 4096); beyond it the
	// combinations are sampled evenly.
	MaxCalls int
}

// Run checks that cfg.Cases covers the exported API of the package in
// cfg.Dir exactly, then calls every Case on every combination of argument
// candidates (up to MaxCalls) and reports panics and answers that break the
// fail-closed rule.
func Run(t *testing.T, cfg Config) {
	t.Helper()
	api, err := Exported(cfg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	api, problems := scheme(api, cfg.Arithmetic)
	problems = append(problems, coverage(api, cfg.Cases)...)
	if len(problems) > 0 {
		for _, p := range problems {
			t.Error(p)
		}
		return
	}

	s := sweeper{cfg: cfg, state: map[reflect.Type]bool{}}
	for _, st := range cfg.State {
		s.state[st] = true
	}
	if s.cfg.MaxCalls == 0 {
		s.cfg.MaxCalls = 4096
	}
	for _, c := range cfg.Cases {
		t.Run(Name(c.Fn), func(t *testing.T) {
			if c.Skip != "" {
				t.Skip(c.Skip)
			}
			s.sweep(t, c)
		})
	}
}

// scheme removes the names that arith covers from api and reports the
// entries of arith that match nothing.
func scheme(api, arith []string) ([]string, []string) {
	var problems []string
	used := map[string]bool{}
	out := api[:0:0]
	for _, n := range api {
		typ, _, _ := strings.Cut(n, ".")
		switch {
		case slices.Contains(arith, n):
			used[n] = true
		case strings.Contains(n, ".") && slices.Contains(arith, typ):
			used[typ] = true
		default:
			out = append(out, n)
		}
	}
	for _, a := range arith {
		if !used[a] {
			problems = append(problems, "Arithmetic lists "+a+", which the package does not declare")
		}
	}
	return out, problems
}

// coverage compares the table with the exported API and describes each
// difference.
func coverage(api []string, cases []Case) []string {
	var problems []string
	covered := map[string]bool{}
	for _, c := range cases {
		n := Name(c.Fn)
		if n == "" {
			problems = append(problems, fmt.Sprintf("case %v is not a function", c.Fn))
			continue
		}
		if covered[n] {
			problems = append(problems, n+" is listed twice")
		}
		covered[n] = true
	}
	for _, n := range api {
		if !covered[n] {
			problems = append(problems, "exported "+n+" is missing from the sweep table")
		}
		delete(covered, n)
	}
	for _, n := range slices.Sorted(maps.Keys(covered)) {
		problems = append(problems, "sweep table lists "+n+", which the package does not declare")
	}
	return problems
}

type sweeper struct {
	cfg   Config
	state map[reflect.Type]bool
}

// arg is one candidate argument and whether it is uninitialised.
type arg struct {
	v      reflect.Value
	uninit bool
	desc   string
}

// candidates returns the values tried for a parameter of type t.
func (s *sweeper) candidates(t reflect.Type) []arg {
	var out []arg
	add := func(v reflect.Value, uninit bool, desc string) {
		out = append(out, arg{v, uninit, desc})
	}
	for _, x := range s.cfg.Valid {
		if reflect.TypeOf(x) == t {
			add(reflect.ValueOf(x), false, fmt.Sprintf("valid %T", x))
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		st := s.state[t.Elem()]
		add(reflect.Zero(t), st, "nil")
		if t.Elem().Kind() == reflect.Struct {
			add(reflect.New(t.Elem()), st, "new("+t.Elem().String()+")")
		}
	case reflect.Struct:
		add(reflect.Zero(t), s.state[t], "zero "+t.String())
	case reflect.Slice:
		add(reflect.Zero(t), s.state[t], "nil")
		if t.Elem().Kind() == reflect.Uint8 {
			for _, n := range append([]int{1}, s.cfg.Lengths...) {
				b := reflect.MakeSlice(t, n, n)
				for i := range n {
					b.Index(i).SetUint(uint64(i*7 + 1)) // not all zero: gets past zero checks
				}
				add(b, false, fmt.Sprintf("%d bytes", n))
			}
			break
		}
		add(reflect.MakeSlice(t, 0, 0), false, "empty")
		for _, e := range s.candidates(t.Elem()) {
			one := reflect.MakeSlice(t, 1, 1)
			one.Index(0).Set(e.v)
			add(one, e.uninit, "["+e.desc+"]")
		}
	case reflect.Interface:
		add(reflect.Zero(t), false, "nil interface")
		if t == readerType {
			add(reflect.ValueOf(failingReader{}), false, "failing reader")
		}
		for _, x := range s.cfg.Valid {
			if xt := reflect.TypeOf(x); xt.Implements(t) && t.NumMethod() > 0 {
				add(reflect.ValueOf(x), false, fmt.Sprintf("valid %T", x))
			}
		}
		for _, st := range s.cfg.State {
			if pt := reflect.PointerTo(st); pt.Implements(t) {
				add(reflect.Zero(pt), true, "nil "+pt.String())
				add(reflect.New(st), true, "new("+st.String()+")")
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		for _, n := range []int64{0, 1, 2, -1, 99} {
			add(reflect.ValueOf(n).Convert(t), false, fmt.Sprint(n))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		for _, n := range []uint64{0, 1, 2, 99} {
			add(reflect.ValueOf(n).Convert(t), false, fmt.Sprint(n))
		}
	case reflect.String:
		add(reflect.Zero(t), false, `""`)
		add(reflect.ValueOf(strings.Repeat("c", 256)).Convert(t), false, "256-byte string")
	case reflect.Bool:
		add(reflect.ValueOf(false), false, "false")
		add(reflect.ValueOf(true), false, "true")
	default:
		add(reflect.Zero(t), false, "zero "+t.String())
	}
	return out
}

var readerType = reflect.TypeFor[interface{ Read([]byte) (int, error) }]()

// failingReader is a randomness source that always fails.
type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("apisweep: failing reader") }

func (s *sweeper) sweep(t *testing.T, c Case) {
	fn := reflect.ValueOf(c.Fn)
	ft := fn.Type()
	cands := make([][]arg, ft.NumIn())
	total := 1
	for i := range cands {
		pt := ft.In(i)
		cands[i] = s.candidates(pt)
		if slices.Contains(c.Defaults, i) {
			for j := range cands[i] {
				if cands[i][j].v.Kind() == reflect.Pointer && cands[i][j].v.IsNil() {
					cands[i][j].uninit = false
				}
			}
		}
		total *= len(cands[i])
	}
	step := 1
	if total > s.cfg.MaxCalls {
		step = total/s.cfg.MaxCalls + 1
		for gcdInt(step, total) != 1 {
			step++ // visit a spread of combinations, not a prefix
		}
	}
	calls := min(total, s.cfg.MaxCalls)
	idx := 0
	args := make([]arg, len(cands))
	for range calls {
		k := idx
		for i := len(cands) - 1; i >= 0; i-- {
			args[i] = cands[i][k%len(cands[i])]
			k /= len(cands[i])
		}
		s.call(t, c, fn, args)
		idx = (idx + step) % total
	}
	t.Logf("%d calls of %d combinations", calls, total)
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func (s *sweeper) call(t *testing.T, c Case, fn reflect.Value, args []arg) {
	t.Helper()
	in := make([]reflect.Value, len(args))
	uninit := false
	var desc []string
	for i, a := range args {
		in[i] = a.v
		uninit = uninit || a.uninit
		desc = append(desc, a.desc)
	}
	where := fmt.Sprintf("%s(%s)", Name(c.Fn), strings.Join(desc, ", "))
	var out []reflect.Value
	panicked := func() (p any) {
		defer func() { p = recover() }()
		if fn.Type().IsVariadic() {
			out = fn.CallSlice(in)
		} else {
			out = fn.Call(in)
		}
		return nil
	}()
	if panicked != nil {
		msg := fmt.Sprint(panicked)
		if c.Panics == "" || !strings.HasPrefix(msg, c.Panics) {
			t.Errorf("%s panicked: %s", where, msg)
		}
		return
	}
	if !uninit || c.Mode == NoPanic {
		return
	}
	if bad := refusal(out); bad != "" {
		t.Errorf("%s with an uninitialised argument: %s", where, bad)
	}
}

var errorType = reflect.TypeFor[error]()

// refusal returns "" if the results refuse (see Refuse), else what did not.
func refusal(out []reflect.Value) string {
	hasErr, hasBool := false, false
	for _, r := range out {
		switch {
		case r.Type() == errorType:
			hasErr = true
			if r.IsNil() {
				return "nil error"
			}
		case r.Kind() == reflect.Bool:
			hasBool = true
		}
	}
	if hasErr {
		return ""
	}
	for _, r := range out {
		if hasBool {
			if r.Kind() == reflect.Bool && r.Bool() {
				return "answered true"
			}
			continue
		}
		if !isZero(r) {
			return fmt.Sprintf("returned %v, not the zero value", r)
		}
	}
	return ""
}

// isZero reports whether r is the zero value, a nil slice or interface, or
// an interface holding a nil pointer or slice (a nil key in a crypto.PublicKey).
func isZero(r reflect.Value) bool {
	if r.Kind() == reflect.Interface && !r.IsNil() {
		r = r.Elem()
		if r.Kind() == reflect.Slice || r.Kind() == reflect.Pointer {
			return r.IsNil()
		}
	}
	return r.IsZero()
}
