package dudect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
)

// Targets that need a package's unexported functions (the curve25519 table
// scans, field25519's Fermat inversion) live in that package's test files,
// in a TestCTTest that does nothing unless internal/cttest runs it: cttest
// runs `go test -run '^TestCTTest$'` with the environment variables below,
// and the test measures and prints one result line. No library code is
// exported for the measurement.

// Environment variables of a hosted run.
const (
	EnvTarget = "CURVEKIT_CTTEST"       // target name
	EnvN      = "CURVEKIT_CTTEST_N"     // measurements
	EnvBatch  = "CURVEKIT_CTTEST_BATCH" // calls per measurement (0: the target's default)
	EnvSeed   = "CURVEKIT_CTTEST_SEED"  // class-order and input seed
)

// Spec is a target with its default batch (calls per measurement: more for
// operations shorter than the timer's resolution and overhead).
type Spec struct {
	Target func() Target
	Batch  int
}

// Hosted is the body of a package's TestCTTest: if the environment names
// one of targets, it measures it and writes the result line to stdout; it
// returns false (the test should skip) if the environment names no target,
// and an error if it names an unknown one.
func Hosted(targets map[string]Spec) (ran bool, err error) {
	name := os.Getenv(EnvTarget)
	if name == "" {
		return false, nil
	}
	spec, ok := targets[name]
	if !ok {
		return false, fmt.Errorf("no cttest target %q here", name)
	}
	n, _ := strconv.Atoi(os.Getenv(EnvN))
	batch, _ := strconv.Atoi(os.Getenv(EnvBatch))
	seed, _ := strconv.ParseUint(os.Getenv(EnvSeed), 10, 64)
	if n <= 0 {
		n = 100000
	}
	if batch <= 0 {
		batch = spec.Batch
	}
	r := Measure(spec.Target(), n, batch, seed)
	return true, Emit(os.Stdout, r)
}

const resultPrefix = "cttest-result "

// Emit writes r as a result line.
func Emit(w io.Writer, r Result) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s%s\n", resultPrefix, b)
	return err
}

// ParseEmitted finds the result line in out.
func ParseEmitted(out []byte) (Result, bool) {
	for _, line := range bytes.Split(out, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte(resultPrefix)); ok {
			var r Result
			if json.Unmarshal(rest, &r) == nil {
				return r, true
			}
		}
	}
	return Result{}, false
}
