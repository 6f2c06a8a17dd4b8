package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/handshake/ntor"
	"github.com/curvekit/curvekit/internal/tablefree"
)

// seedFigure is one measurement of the seeds mode.
type seedFigure struct {
	NsPerOp float64 `json:"ns_per_op,omitempty"`
	Spread  float64 `json:"spread,omitempty"` // ± of the rounds, relative to the median
	Rounds  int     `json:"rounds,omitempty"`
	Status  string  `json:"status"` // "ok", "not yet implemented: …" or "failed: …"
}

func (f seedFigure) ok() bool { return f.Status == "ok" && f.NsPerOp > 0 }

// seedRun is what one binary measured: its backend and figures by key.
type seedRun struct {
	Backend string `json:"backend"`
	// Packages are the backend package by package (-json's structure).
	Packages []packageBackend      `json:"backend_packages,omitempty"`
	GOARCH   string                `json:"goarch"`
	Figures  map[string]seedFigure `json:"figures"`
}

// seedOp is one operation the seeds mode measures. mode, if set, is
// applied before each of its measurements (the table-free switch).
type seedOp struct {
	key  string
	mode func()
	new  func() (OpFunc, error)
	// missing, if not empty, says why the op cannot be measured in this
	// build (an unregistered curvekit primitive).
	missing string
}

// Keys of the figures. Table 1 and 2 are measured by every binary, table 3
// by the main one only.
const (
	keyAce  = "ace handshake"
	keyNtor = "ntor handshake"
)

var goldilocksKeys = []struct{ key, alg, op string }{
	{"ed448 keygen", "x448-base", "keygen"},
	{"x448 ecdh", "ecdhx448", "op"},
	{"ed448 sign", "ed448", "sign"},
	{"ed448 verify", "ed448", "verify"},
	{"p256 sign", "ecdsap256", "sign"},
	{"p256 verify", "ecdsap256", "verify"},
	{"p256 ecdh", "ecdhp256", "op"},
}

// tableOps are table 3's operations, each measured with the basepoint
// tables and on the table-free path.
var tableOps = []string{"ntor client part 1", "ed25519 keygen", "ed25519 sign", "ed25519 verify", "ed25519 blind"}

// seedOps lists what this binary measures for the seeds tables.
func seedOps(withTables bool) []seedOp {
	ops := []seedOp{{key: keyAce, new: aceWhole}, {key: keyNtor, new: ntorWhole}}
	for _, g := range goldilocksKeys {
		op := seedOp{key: g.key}
		a := findAlg(g.alg)
		if a == nil || !a.Curvekit.Implemented() {
			op.missing = "not yet implemented"
		} else {
			im, o := a.Curvekit, Op{Name: g.op}
			op.new = func() (OpFunc, error) { return im.New(o) }
		}
		ops = append(ops, op)
	}
	if withTables && tablefree.Set != nil {
		for _, name := range tableOps {
			for _, free := range []bool{false, true} {
				key := name + " tables"
				if free {
					key = name + " table-free"
				}
				ops = append(ops, seedOp{key: key, mode: func() { tablefree.Set(free) }, new: basepointOp(name)})
			}
		}
	}
	return ops
}

func findAlg(name string) *Algorithm {
	for _, a := range registry {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// aceWhole is one whole Ace handshake, both sides, as the seed measured
// it: the client's two ephemeral keys and the relay's one are made before
// timing and passed in.
func aceWhole() (OpFunc, error) {
	relayKey, err := ace.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	nodeID := randBytes(ace.IDSize)
	relay, err := ace.NewRelay(nodeID, relayKey)
	if err != nil {
		return nil, err
	}
	var keys [3]*ace.PrivateKey
	for i := range keys {
		if keys[i], err = ace.GenerateKey(rand.Reader); err != nil {
			return nil, err
		}
	}
	fn := func() error {
		st, msg, err := ace.ClientHandshakePrecomputedWithKeys(keys[0], keys[1], nodeID, relayKey.PublicKey())
		if err != nil {
			return err
		}
		reply, km, err := relay.ServerHandshakeWithKey(keys[2], msg)
		if err != nil {
			return err
		}
		ck, err := st.Finish(reply)
		if err != nil {
			return err
		}
		if !bytes.Equal(ck, km) {
			return errors.New("ace: the two sides derived different keys")
		}
		return nil
	}
	return fn, fn()
}

// ntorWhole is one whole ntor handshake, both sides, ephemeral keys made
// before timing and passed in.
func ntorWhole() (OpFunc, error) {
	relayKey, err := ntor.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	relayID := randBytes(20)
	relay, err := ntor.NewRelay(relayID, relayKey)
	if err != nil {
		return nil, err
	}
	x, err1 := ntor.GenerateKey(rand.Reader)
	y, err2 := ntor.GenerateKey(rand.Reader)
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	fn := func() error {
		st, msg, err := ntor.ClientHandshakeWithKey(x, relayID, relayKey.PublicKey())
		if err != nil {
			return err
		}
		reply, skm, err := relay.ServerHandshakeWithKey(y, msg)
		if err != nil {
			return err
		}
		ckm, err := st.Finish(reply)
		if err != nil {
			return err
		}
		a, err1 := ckm.Bytes(ntorKeyLen)
		b, err2 := skm.Bytes(ntorKeyLen)
		if err := errors.Join(err1, err2); err != nil {
			return err
		}
		if !bytes.Equal(a, b) {
			return errors.New("ntor: the two sides derived different keys")
		}
		return nil
	}
	return fn, fn()
}

// basepointOp is one of Tor #9663's operations on curvekit.
func basepointOp(name string) func() (OpFunc, error) {
	return func() (OpFunc, error) {
		seed := randBytes(ed25519.SeedSize)
		priv := ed25519.NewKeyFromSeed(seed)
		pub := priv.Public().(ed25519.PublicKey)
		msg := randBytes(32)
		sig := ed25519.Sign(priv, msg)
		switch name {
		case "ntor client part 1":
			// Tor's onion_skin_ntor_create: a fresh ephemeral key and the
			// CREATE message.
			relayKey, err := ntor.GenerateKey(rand.Reader)
			if err != nil {
				return nil, err
			}
			relayID, secret := randBytes(20), randBytes(32)
			return func() error {
				eph, err := ntor.NewPrivateKey(secret)
				if err != nil {
					return err
				}
				_, _, err = ntor.ClientHandshakeWithKey(eph, relayID, relayKey.PublicKey())
				return err
			}, nil
		case "ed25519 keygen":
			return func() error { ed25519.NewKeyFromSeed(seed); return nil }, nil
		case "ed25519 sign":
			return func() error { ed25519.Sign(priv, msg); return nil }, nil
		case "ed25519 verify":
			return func() error {
				if !ed25519.Verify(pub, msg, sig) {
					return errors.New("ed25519: valid signature rejected")
				}
				return nil
			}, nil
		case "ed25519 blind":
			// A key pair blinded: the secret scalar times the factor, and
			// its public key by a basepoint multiplication.
			e, err := ed25519.ExpandPrivateKey(priv)
			if err != nil {
				return nil, err
			}
			factor := ed25519.TorBlindingFactor(pub, nil, 1, 1440)
			return func() error { _, err := e.Blind(factor); return err }, nil
		}
		return nil, errUnsupported
	}
}

// measureSeeds measures ops in interleaved rounds (the median round is
// kept), each op for d in total, and reports progress as [k/N].
func measureSeeds(ops []seedOp, d time.Duration, rounds int, pr *counter) map[string]seedFigure {
	figs := map[string]seedFigure{}
	type live struct {
		op    seedOp
		inst  []OpFunc
		rates []float64
	}
	var ls []*live
	for _, op := range ops {
		if op.missing != "" {
			figs[op.key] = seedFigure{Status: op.missing}
			continue
		}
		if op.mode != nil {
			op.mode()
		}
		fn, err := op.new()
		if err == nil {
			err = warmUp([]OpFunc{fn}, d)
		}
		if err != nil {
			figs[op.key] = seedFigure{Status: "failed: " + err.Error()}
			continue
		}
		ls = append(ls, &live{op: op, inst: []OpFunc{fn}})
	}
	dRound := d / time.Duration(rounds)
	for r := 0; r < rounds; r++ {
		for k := range ls {
			l := ls[(k+r)%len(ls)]
			if l.op.mode != nil {
				l.op.mode()
			}
			runtime.GC()
			pr.step(l.op.key, dRound)
			s, err := measure(l.inst, 1, dRound)
			if err != nil {
				figs[l.op.key] = seedFigure{Status: "failed: " + err.Error()}
				l.rates = nil
				continue
			}
			l.rates = append(l.rates, s.rate)
		}
	}
	if tablefree.Set != nil {
		tablefree.Set(false)
	}
	for _, l := range ls {
		if _, failed := figs[l.op.key]; failed {
			continue
		}
		res := Result{Rate: median(l.rates), RoundRates: l.rates, Goroutines: 1}
		figs[l.op.key] = seedFigure{NsPerOp: res.NsPerOp(), Spread: res.Spread(), Rounds: len(l.rates), Status: "ok"}
	}
	return figs
}

// moduleRoot returns the directory of curvekit's go.mod above the working
// directory, or "" when ecbench does not run inside the source tree.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			if strings.Contains(string(b), "module github.com/curvekit/curvekit\n") {
				return dir
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// tableFreeChild marks the environment of the ecbench that
// reexecTableFree runs, so that it does not run itself again.
const tableFreeChild = "ECBENCH_TABLEFREE_BUILD"

// reexecTableFree runs -seeds in a build of ecbench with -tags
// curvekit_tablefree, where curve25519 installs the table-free switch that
// table 3 needs (a build without the tag has none), passing the output
// through; ok is false when this binary already has the switch or the
// build is not possible here (no go command, not inside the source tree),
// and -seeds then runs in this binary without table 3's measurements.
func reexecTableFree(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	if tablefree.Set != nil || os.Getenv(tableFreeChild) != "" {
		return 0, false
	}
	root := moduleRoot()
	goCmd, err := exec.LookPath("go")
	if root == "" || err != nil {
		fmt.Fprintln(stderr, "seeds: table 3 needs a build with -tags curvekit_tablefree: run go run -tags curvekit_tablefree ./cmd/ecbench -seeds from the source tree")
		return 0, false
	}
	dir, err := os.MkdirTemp("", "ecbench-tablefree")
	if err != nil {
		return 0, false
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "ecbench")
	fmt.Fprintln(stderr, "seeds: building ecbench with -tags curvekit_tablefree (table 3's switch) and running it")
	build := exec.Command(goCmd, "build", "-tags", "curvekit_tablefree", "-o", bin, "./cmd/ecbench")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(stderr, "seeds: go build -tags curvekit_tablefree: %v: %s\n", err, strings.TrimSpace(string(out)))
		return 0, false
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.Env = append(os.Environ(), tableFreeChild+"=1")
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), true
		}
		fmt.Fprintf(stderr, "seeds: running the curvekit_tablefree build: %v\n", err)
		return 0, false
	}
	return 0, true
}

// runVariant builds ecbench with extra go build settings (tags, GOARCH) and
// runs its -seeds-part mode, returning its figures, or why it could not.
func runVariant(root string, env []string, tags string, args []string) (*seedRun, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the go command is not on PATH")
	}
	dir, err := os.MkdirTemp("", "ecbench-variant")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "ecbench")
	what := strings.TrimSpace(strings.Join(env, " ") + " go build -tags '" + tags + "'")
	build := exec.Command(goCmd, "build", "-tags", tags, "-o", bin, "./cmd/ecbench")
	build.Dir, build.Env = root, append(os.Environ(), env...)
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", what, err, strings.TrimSpace(string(out)))
	}
	var stdout bytes.Buffer
	cmd := exec.Command(bin, append([]string{"-seeds-part"}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if errors.Is(err, syscall.ENOEXEC) {
			return nil, errNoExec386
		}
		return nil, fmt.Errorf("running the binary of %s: %v", what, err)
	}
	var run seedRun
	if err := json.Unmarshal(stdout.Bytes(), &run); err != nil {
		return nil, fmt.Errorf("reading the figures of %s: %v", what, err)
	}
	return &run, nil
}

// emulated386 says why a GOARCH=386 build is not measured here, or "" if
// it may run natively: 386 binaries that go through an emulator
// (binfmt_misc) would time the emulator, not a 32-bit CPU.
func emulated386() string {
	if runtime.GOOS != "linux" || (runtime.GOARCH != "amd64" && runtime.GOARCH != "386") {
		return "this " + runtime.GOOS + "/" + runtime.GOARCH + " machine does not run 386 code"
	}
	for _, emu := range []string{"qemu-i386", "qemu-i386-static"} {
		if _, err := os.Stat("/proc/sys/fs/binfmt_misc/" + emu); err == nil {
			return "386 binaries run here through " + emu + " (binfmt_misc): emulation, whose times measure the emulator"
		}
	}
	return ""
}

// errNoExec386 is returned when the kernel refuses the 386 binary.
var errNoExec386 = errors.New("this kernel does not run 386 binaries (exec format error); where they run only under qemu-i386, that is emulation, whose times measure the emulator, not a 32-bit CPU")
