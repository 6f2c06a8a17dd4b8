package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// osslRate is one figure from openssl speed's results: a +F line of -mr
// output or a row of its table.
type osslRate struct {
	Table Table   // TableECDSA, TableECDH or TableEdDSA
	Index int     // openssl's index in +F lines; -1 from the human-readable table
	Bits  int     //
	Curve string  // "nistp256", "X25519", "Ed25519", ...; "" where a +F4/+F5 line does not say
	Op    string  // "sign", "verify" or "op"
	Rate  float64 // operations per second
}

// osslRun is one progress record: a +R line of -mr output or the tail of a
// "Doing ..." line.
type osslRun struct {
	Table Table
	Bits  int
	Curve string // EdDSA only
	Op    string
	Count int64
	Secs  float64
}

var (
	// " 253 bits ecdh (X25519)   0.0000s  24198.7"
	reRow = regexp.MustCompile(`^\s*(\d+) bits (ecdsa|ecdh|EdDSA) \(([^)]*)\)((?:\s+[0-9.]+s)+)((?:\s+[0-9.]+)+)\s*$`)
	// "... 119662 256 bits ECDSA signs in 2.98s", "51225 256-bits ECDH ops in 3.00s"
	reDone = regexp.MustCompile(`(\d+) (\d+)[ -]bits (\S+) (signs|verify|ops) in ([0-9.]+)s\s*$`)
)

// parseOpenSSL reads openssl speed output — machine-readable (-mr) lines,
// the human-readable tables and progress lines, or both interleaved — and
// returns the ECDSA, ECDH and EdDSA figures. Other lines are ignored.
func parseOpenSSL(r io.Reader) (rates []osslRate, runs []osslRun, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		bad := func(e error) error { return fmt.Errorf("openssl output line %d %q: %v", line, s, e) }
		switch {
		case strings.HasPrefix(s, "+F4:"), strings.HasPrefix(s, "+F5:"), strings.HasPrefix(s, "+F6:"):
			rs, e := parseF(s)
			if e != nil {
				return nil, nil, bad(e)
			}
			rates = append(rates, rs...)
		case len(s) > 3 && strings.HasPrefix(s, "+R") && s[2] >= '5' && s[2] <= '9' && s[3] == ':':
			run, e := parseR(s)
			if e != nil {
				return nil, nil, bad(e)
			}
			runs = append(runs, run)
		default:
			if m := reRow.FindStringSubmatch(s); m != nil {
				rs, e := parseRow(m)
				if e != nil {
					return nil, nil, bad(e)
				}
				rates = append(rates, rs...)
			} else if strings.HasPrefix(s, "Doing ") {
				if m := reDone.FindStringSubmatch(s); m != nil {
					run, e := parseDone(m)
					if e != nil {
						return nil, nil, bad(e)
					}
					runs = append(runs, run)
				}
			}
		}
	}
	return rates, runs, sc.Err()
}

func atoi(s string) (int, error) { return strconv.Atoi(s) }

func atof(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err == nil && (f < 0 || f != f) {
		err = errors.New("negative or NaN figure")
	}
	return f, err
}

// parseF parses "+F4:idx:bits:sign/s:verify/s", "+F5:idx:bits:op/s:s/op"
// and "+F6:idx:bits:name:sign/s:verify/s".
func parseF(s string) ([]osslRate, error) {
	f := strings.Split(s, ":")
	want := map[string]int{"+F4": 5, "+F5": 5, "+F6": 6}[f[0]]
	if len(f) != want {
		return nil, fmt.Errorf("want %d fields, have %d", want, len(f))
	}
	idx, err1 := atoi(f[1])
	bits, err2 := atoi(f[2])
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	switch f[0] {
	case "+F5":
		rate, err := atof(f[3])
		if err != nil {
			return nil, err
		}
		return []osslRate{{TableECDH, idx, bits, "", "op", rate}}, nil
	case "+F4":
		sign, err1 := atof(f[3])
		verify, err2 := atof(f[4])
		if err := errors.Join(err1, err2); err != nil {
			return nil, err
		}
		return []osslRate{{TableECDSA, idx, bits, "", "sign", sign}, {TableECDSA, idx, bits, "", "verify", verify}}, nil
	default:
		sign, err1 := atof(f[4])
		verify, err2 := atof(f[5])
		if err := errors.Join(err1, err2); err != nil {
			return nil, err
		}
		return []osslRate{{TableEdDSA, idx, bits, f[3], "sign", sign}, {TableEdDSA, idx, bits, f[3], "verify", verify}}, nil
	}
}

// parseR parses +R5 (ECDSA sign), +R6 (ECDSA verify): count:bits:secs;
// +R7 (ECDH): count:bits:secs; +R8/+R9 (EdDSA sign/verify): count:bits:name:secs.
func parseR(s string) (osslRun, error) {
	f := strings.Split(s, ":")
	var run osslRun
	n := 4
	switch f[0] {
	case "+R5":
		run.Table, run.Op = TableECDSA, "sign"
	case "+R6":
		run.Table, run.Op = TableECDSA, "verify"
	case "+R7":
		run.Table, run.Op = TableECDH, "op"
	case "+R8":
		run.Table, run.Op, n = TableEdDSA, "sign", 5
	case "+R9":
		run.Table, run.Op, n = TableEdDSA, "verify", 5
	}
	if len(f) != n {
		return run, fmt.Errorf("want %d fields, have %d", n, len(f))
	}
	count, err1 := strconv.ParseInt(f[1], 10, 64)
	bits, err2 := atoi(f[2])
	t, err3 := atof(f[n-1])
	if err := errors.Join(err1, err2, err3); err != nil {
		return run, err
	}
	if count < 0 || bits <= 0 {
		return run, errors.New("negative count or bit size")
	}
	if n == 5 {
		run.Curve = f[3]
	}
	run.Count, run.Bits, run.Secs = count, bits, t
	return run, nil
}

func parseRow(m []string) ([]osslRate, error) {
	bits, err := atoi(m[1])
	if err != nil {
		return nil, err
	}
	table := map[string]Table{"ecdsa": TableECDSA, "ecdh": TableECDH, "EdDSA": TableEdDSA}[m[2]]
	ops := []string{"sign", "verify"}
	if table == TableECDH {
		ops = []string{"op"}
	}
	times, figs := strings.Fields(m[4]), strings.Fields(m[5])
	if len(times) != len(ops) || len(figs) != len(ops) {
		return nil, fmt.Errorf("want %d columns of seconds and of rates", len(ops))
	}
	var out []osslRate
	for i, op := range ops {
		rate, err := atof(figs[i])
		if err != nil {
			return nil, err
		}
		out = append(out, osslRate{table, -1, bits, m[3], op, rate})
	}
	return out, nil
}

func parseDone(m []string) (osslRun, error) {
	count, err1 := strconv.ParseInt(m[1], 10, 64)
	bits, err2 := atoi(m[2])
	t, err3 := atof(m[5])
	if err := errors.Join(err1, err2, err3); err != nil {
		return osslRun{}, err
	}
	if count < 0 || bits <= 0 {
		return osslRun{}, errors.New("negative count or bit size")
	}
	run := osslRun{Bits: bits, Count: count, Secs: t}
	switch m[3] {
	case "ECDSA":
		run.Table = TableECDSA
	case "ECDH":
		run.Table = TableECDH
	default:
		run.Table, run.Curve = TableEdDSA, m[3]
	}
	run.Op = map[string]string{"signs": "sign", "verify": "verify", "ops": "op"}[m[4]]
	return run, nil
}

// matchOpenSSL finds the algorithm among algs an openssl figure belongs to:
// same table and bit size (and, for EdDSA, curve name where given).
func matchOpenSSL(algs []*Algorithm, t Table, bits int, curve string) *Algorithm {
	for _, a := range algs {
		if a.OpenSSL == "" || a.Table != t || a.Bits != bits {
			continue
		}
		if t == TableEdDSA && curve != "" && !strings.EqualFold(curve, a.Curve) {
			continue
		}
		return a
	}
	return nil
}

// errNoOpenSSL is returned when -compare asks for openssl and none is on PATH.
var errNoOpenSSL = errors.New("the openssl command is not on PATH: install OpenSSL (Debian/Ubuntu: apt-get install openssl) or use -compare go")

// openssl runs the system's openssl speed.
type openssl struct {
	path    string
	version string // "3.0.19"
}

func findOpenSSL() (*openssl, error) {
	path, err := exec.LookPath("openssl")
	if err != nil {
		return nil, errNoOpenSSL
	}
	out, err := exec.Command(path, "version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s version: %v", path, err)
	}
	// "OpenSSL 3.0.19 27 Jan 2026 (Library: ...)"
	f := strings.Fields(string(out))
	o := &openssl{path: path, version: "?"}
	if len(f) >= 2 {
		o.version = f[1]
	}
	return o, nil
}

// name is the implementation name of openssl's results.
func (o *openssl) name() string { return "openssl " + o.version }

// speed runs "openssl speed -elapsed -mr -seconds N [-multi M] alg..." and
// parses its output (results on stdout, +DTP/+R progress on stderr).
// -elapsed makes openssl divide by wall time, as ecbench does, instead of its
// default, the process's CPU time, which on a busy machine overstates its rate.
func (o *openssl) speed(algs []string, seconds, multi int) ([]osslRate, []osslRun, error) {
	args := []string{"speed", "-elapsed", "-mr", "-seconds", strconv.Itoa(seconds)}
	if multi > 1 {
		args = append(args, "-multi", strconv.Itoa(multi))
	}
	args = append(args, algs...)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(o.path, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, nil, fmt.Errorf("openssl %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	rates, _, err := parseOpenSSL(&stdout)
	if err != nil {
		return nil, nil, err
	}
	_, runs, err := parseOpenSSL(&stderr)
	if err != nil {
		return nil, nil, err
	}
	if len(rates) == 0 {
		return nil, nil, fmt.Errorf("openssl %s printed no results", strings.Join(args, " "))
	}
	return rates, runs, nil
}
