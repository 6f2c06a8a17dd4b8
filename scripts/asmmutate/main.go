// Command asmmutate is a mutation tester for the module's generated
// assembly: it changes one instruction of one .s file at a time, runs the
// owning package's tests against that mutant and reports the mutants that no
// test kills. _arm.s and _386.s files are built for their GOARCH (arm with
// GOARM=7) and their tests run under qemu-user (qemu-arm, qemu-i386).
//
//	go run ./scripts/asmmutate                      # every .s file, every operator
//	go run ./scripts/asmmutate -files fieldp256 -ops carry,swap
//	go run ./scripts/asmmutate -max 60 -seed 2      # at most 60 mutants per file, sampled
//	go run ./scripts/asmmutate -list                # print the mutants, run nothing
//	go run ./scripts/asmmutate -match 'jacobianDoubleAsm:.*SHRQ'
//
// The working tree is never written: each mutant is a copy of the .s file in
// a temporary directory, handed to `go test -c -overlay`, so other builds and
// tests on the machine keep seeing the committed file. Each test binary runs
// in the package directory with -test.short and -test.failfast (and -run, if
// given) under a per-mutant timeout; a mutant that fails a test, crashes or
// times out is killed, one that does not assemble or link is "invalid" and
// not counted. The tests matching -first run before the others, so most
// kills take one short pass; -j N builds and tests N mutants at once.
//
// Operators (-ops):
//
//	carry    ADCQ→ADDQ, SBBQ→SUBQ, ADCL→ADDL, ADC→ADD (the carry-in dropped),
//	         ADD.S→ADD (arm: no carry produced); ADCXQ/ADOXQ r, s
//	         → LEAQ (s)(r*1), s (an add that neither reads nor writes a flag)
//	delete   delete one ADCQ, ADCXQ, ADOXQ, SBBQ, ADCL or ADC
//	swap     ADCXQ↔ADOXQ (the carry chain switched)
//	shift    SHLQ/SHRQ/SARQ (and their three-operand SHLDQ/SHRDQ forms, and
//	         SHLXQ/SHRXQ): the count ±1, the destination register changed,
//	         the shifted-in register dropped; SHLL/SHRL and arm's shifted
//	         register operands (R1<<4): the count ±1
//	cmov     delete one CMOVQcc, or invert its condition
//	imm      flip bit 0 of an instruction's immediate (not a shift count)
//	data     flip bit 0 of one DATA word
//	mask     delete one VPAND/VPOR/VPCMPEQQ/VPSUBQ (the table scans), or one
//	         arm AND/EOR or 386 ANDL/XORL (the 32-bit selects and swaps)
//
// By default mutants are deduplicated: an emitter that writes the same row at
// many call sites (a field multiplication inlined into a point formula) gives
// one mutant per file, row and operator (its first site), keyed by the
// comment that heads the block, the instruction's position after it and its
// text with memory operands blanked: about 2,300 mutants over every file, a
// run of about an hour on two cores with -j 2. -dedupe func keeps one per
// function (about 7,600), -dedupe none every site. -max N then samples N
// mutants per file (a deterministic function of -seed and the file name).
//
// The allowlist (-allow, default scripts/asmmutate/allowlist.txt) names
// mutants that survive for a documented reason: one per line, the mutant's id
// as printed, a tab or two spaces, and the reason. The exit status is 1 if a
// mutant survives that is not on the allowlist, 2 on a usage or setup error.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

type mutant struct {
	file   string // repository-relative path
	line   int    // 1-based line number of the mutated line
	fn     string // TEXT symbol holding the line ("" for DATA)
	op     string // operator
	id     string // stable identifier (see mutantID)
	dedup  string // the operator variant, for deduplication
	site   string // the instructions from the head of the block to this one
	orig   string // original line
	repl   string // replacement line ("" deletes the line)
	result string // killed, survived, allowed, invalid
	took   time.Duration
	detail string
	goarm5 bool // in the #else of an #ifdef GOARM_6: built with GOARM=5
}

var allOps = []string{"carry", "delete", "swap", "shift", "cmov", "imm", "data", "mask"}

func main() {
	var (
		filesRe  = flag.String("files", "", "only .s files whose path matches this regexp")
		opsFlag  = flag.String("ops", strings.Join(allOps, ","), "comma-separated operators")
		match    = flag.String("match", "", "only mutants whose id matches this regexp")
		maxN     = flag.Int("max", 0, "at most this many mutants per file, sampled with -seed (0: all)")
		seed     = flag.Uint64("seed", 1, "sampling seed")
		dedupe   = flag.String("dedupe", "file", "one mutant per emitter row and operator in each `scope`: func, file or none")
		allowF   = flag.String("allow", "scripts/asmmutate/allowlist.txt", "allowlist file")
		runRe    = flag.String("run", "", "go test -run pattern for every package (default: all tests)")
		short    = flag.Bool("short", true, "run the tests with -test.short")
		timeout  = flag.Duration("timeout", 0, "per-mutant test timeout (default: 10× the unmutated run, at least 30s)")
		tags     = flag.String("tags", "", "build tags for the test binaries")
		list     = flag.Bool("list", false, "list the mutants and exit")
		verbose  = flag.Bool("v", false, "print the failing test of each killed mutant")
		jsonOut  = flag.String("json", "", "also write the results as JSON to this file")
		keepGoin = flag.Bool("k", true, "keep going after a survivor")
		firstRe  = flag.String("first", "Asm|Grid|Carry|Ladder|Fe64|Jacobian|Vector", "run the tests matching this pattern first, and the whole suite only if they pass (a faster kill; the verdict is the same)")
		jobs     = flag.Int("j", 1, "mutants built and tested at once")
		onlyF    = flag.String("only", "", "only the mutants whose ids this file lists, one per line (as -list prints them, or the survivors of an earlier -json run)")
	)
	flag.Parse()

	root, err := gitRoot()
	if err != nil {
		fatal(err)
	}
	if err := os.Chdir(root); err != nil {
		fatal(err)
	}
	ops := map[string]bool{}
	for _, o := range strings.Split(*opsFlag, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if !contains(allOps, o) {
			fatal(fmt.Errorf("unknown operator %q (have %s)", o, strings.Join(allOps, ",")))
		}
		ops[o] = true
	}
	var fileFilter, idFilter *regexp.Regexp
	if *filesRe != "" {
		fileFilter = regexp.MustCompile(*filesRe)
	}
	if *match != "" {
		idFilter = regexp.MustCompile(*match)
	}
	allow, err := readAllowlist(*allowF)
	if err != nil {
		fatal(err)
	}
	var only map[string]bool
	if *onlyF != "" {
		b, err := os.ReadFile(*onlyF)
		if err != nil {
			fatal(err)
		}
		only = map[string]bool{}
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) > 0 {
				// A -list line is "file:line<TAB>id<TAB>replacement".
				if parts := strings.Split(l, "\t"); len(parts) > 1 {
					only[strings.TrimSpace(parts[1])] = true
				} else {
					only[strings.TrimSpace(l)] = true
				}
			}
		}
	}

	out, err := exec.Command("git", "ls-files", "*.s").Output()
	if err != nil {
		fatal(fmt.Errorf("git ls-files: %v", err))
	}
	var files []string
	for _, f := range strings.Fields(string(out)) {
		if fileFilter == nil || fileFilter.MatchString(f) {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		fatal(errors.New("no .s file matches"))
	}

	perFile := map[string][]*mutant{}
	total := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			fatal(err)
		}
		ms := enumerate(f, string(src), ops)
		switch *dedupe {
		case "func", "file":
			ms = dedup(ms, *dedupe == "file")
		case "none":
		default:
			fatal(fmt.Errorf("-dedupe: want func, file or none"))
		}
		if idFilter != nil || only != nil {
			var keep []*mutant
			for _, m := range ms {
				if (idFilter == nil || idFilter.MatchString(m.id)) && (only == nil || only[m.id]) {
					keep = append(keep, m)
				}
			}
			ms = keep
		}
		if *maxN > 0 && len(ms) > *maxN {
			ms = sample(ms, *maxN, *seed, f)
		}
		perFile[f] = ms
		total += len(ms)
	}
	if *list {
		for _, f := range files {
			for _, m := range perFile[f] {
				fmt.Printf("%s:%d\t%s\t%s\n", m.file, m.line, m.id, strings.TrimSpace(m.repl))
			}
		}
		fmt.Printf("%d mutants\n", total)
		return
	}

	tmp, err := os.MkdirTemp("", "asmmutate")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(tmp)

	start := time.Now()
	type pkgInfo struct {
		dir      string
		baseline time.Duration
		ok       bool
	}
	pkgs := map[string]*pkgInfo{}
	r := &runner{tmp: tmp, root: root, run: *runRe, first: *firstRe, short: *short, tags: *tags}
	var all []*mutant
	unexpected := 0
	for _, f := range files {
		ms := perFile[f]
		if len(ms) == 0 {
			continue
		}
		dir := filepath.Dir(f)
		goarch, _, _ := archOf(f)
		p := pkgs[dir+" "+goarch]
		if p == nil {
			p = &pkgInfo{dir: dir}
			pkgs[dir+" "+goarch] = p
			res, took, detail := r.test(dir, nil, 30*time.Minute, f)
			p.baseline, p.ok = took, res == "survived"
			if !p.ok {
				fatal(fmt.Errorf("%s: the unmutated tests do not pass (%s): %s", dir, res, detail))
			}
			fmt.Printf("# %s: unmutated tests pass in %v\n", dir, took.Round(time.Millisecond))
		}
		to := *timeout
		if to == 0 {
			to = max(10*p.baseline, 30*time.Second)
		}
		fmt.Printf("# %s: %d mutants (timeout %v)\n", f, len(ms), to)
		// Up to -j mutants are built and tested at once; results print as
		// they finish, numbered in enumeration order.
		var mu sync.Mutex
		var wg sync.WaitGroup
		sem := make(chan struct{}, max(*jobs, 1))
		for i, m := range ms {
			mu.Lock()
			stop := unexpected > 0 && !*keepGoin
			mu.Unlock()
			if stop {
				break
			}
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				res, took, detail := r.test(dir, m, to, m.file)
				mu.Lock()
				defer mu.Unlock()
				m.result, m.took, m.detail = res, took, detail
				if m.result == "survived" {
					if _, ok := allow[m.id]; ok {
						m.result = "allowed"
					} else {
						unexpected++
					}
				}
				line := fmt.Sprintf("%-8s %4d/%d %s:%d %s (%v)", m.result, i+1, len(ms), m.file, m.line, m.id, m.took.Round(10*time.Millisecond))
				if *verbose && m.detail != "" {
					line += "\n\t" + m.detail
				}
				fmt.Println(line)
				all = append(all, m)
			}()
		}
		wg.Wait()
		if unexpected > 0 && !*keepGoin {
			break
		}
	}
	elapsed := time.Since(start)

	// Allowlist entries that matched no enumerated mutant are reported, so
	// that a stale entry does not hide a regression forever.
	seen := map[string]bool{}
	for _, f := range files {
		src, _ := os.ReadFile(f)
		for _, m := range enumerate(f, string(src), map[string]bool{"carry": true, "delete": true, "swap": true, "shift": true, "cmov": true, "imm": true, "data": true, "mask": true}) {
			seen[m.id] = true
		}
	}
	for id := range allow {
		if fileFilter == nil && !seen[id] {
			fmt.Printf("# allowlist entry names no mutant of the current files: %s\n", id)
		}
	}

	summary(files, perFile, elapsed)
	if *jsonOut != "" {
		writeJSON(*jsonOut, all)
	}
	if unexpected > 0 {
		fmt.Printf("%d mutant(s) survived that the allowlist does not name\n", unexpected)
		os.Exit(1)
	}
}

func summary(files []string, perFile map[string][]*mutant, elapsed time.Duration) {
	fmt.Printf("\n%-48s %7s %7s %8s %8s %8s %9s\n", "file", "mutants", "killed", "survived", "allowed", "invalid", "score")
	var T, K, S, A, I int
	for _, f := range files {
		var k, s, a, inv int
		for _, m := range perFile[f] {
			switch m.result {
			case "killed":
				k++
			case "survived":
				s++
			case "allowed":
				a++
			case "invalid":
				inv++
			}
		}
		n := k + s + a
		T, K, S, A, I = T+n, K+k, S+s, A+a, I+inv
		fmt.Printf("%-48s %7d %7d %8d %8d %8d %9s\n", f, n, k, s, a, inv, score(k, n))
	}
	fmt.Printf("%-48s %7d %7d %8d %8d %8d %9s\n", "total", T, K, S, A, I, score(K, T))
	fmt.Printf("run time %v\n", elapsed.Round(time.Second))
}

func score(k, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", k, n)
}

func writeJSON(path string, ms []*mutant) {
	type row struct {
		File, Func, Op, ID, Orig, Repl, Result string
		Line                                   int
		Seconds                                float64
	}
	var rows []row
	for _, m := range ms {
		rows = append(rows, row{m.file, m.fn, m.op, m.id, m.orig, m.repl, m.result, m.line, m.took.Seconds()})
	}
	b, _ := json.MarshalIndent(rows, "", "\t")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}

type runner struct {
	tmp, root, run, first, tags string
	short                       bool
	mu                          sync.Mutex
	n                           int
}

// archOf returns the GOARCH a .s file is built for when it is not the
// host's (arm: GOARM=7; 386), the environment of its build and the
// qemu-user emulator its test binary runs under ("" for amd64 files).
// Under qemu the runtime runs as .ci/qemu_exec runs it.
func archOf(file string) (goarch string, env []string, emu string) {
	switch {
	case strings.HasSuffix(file, "_arm.s"):
		return "arm", []string{"GOARCH=arm", "GOARM=7"}, "qemu-arm"
	case strings.HasSuffix(file, "_386.s"):
		return "386", []string{"GOARCH=386"}, "qemu-i386"
	}
	return "", nil, ""
}

// test builds dir's test binary for file's GOARCH with m applied through an
// overlay and runs it. It returns "killed", "survived" or "invalid" (m did
// not build).
func (r *runner) test(dir string, m *mutant, to time.Duration, file string) (string, time.Duration, string) {
	r.mu.Lock()
	r.n++
	n := r.n
	r.mu.Unlock()
	bin := filepath.Join(r.tmp, fmt.Sprintf("t%d.test", n))
	defer os.Remove(bin)
	args := []string{"test", "-c", "-o", bin}
	if r.tags != "" {
		args = append(args, "-tags", r.tags)
	}
	if m != nil {
		src, err := os.ReadFile(m.file)
		if err != nil {
			fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		if lines[m.line-1] != m.orig {
			fatal(fmt.Errorf("%s:%d changed under the run", m.file, m.line))
		}
		if m.repl == "" {
			lines[m.line-1] = "\t// (deleted by asmmutate)"
		} else {
			lines[m.line-1] = m.repl
		}
		mf := filepath.Join(r.tmp, fmt.Sprintf("m%d.s", n))
		if err := os.WriteFile(mf, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			fatal(err)
		}
		defer os.Remove(mf)
		ov := map[string]map[string]string{"Replace": {filepath.Join(r.root, m.file): mf}}
		b, _ := json.Marshal(ov)
		of := filepath.Join(r.tmp, fmt.Sprintf("o%d.json", n))
		if err := os.WriteFile(of, b, 0o644); err != nil {
			fatal(err)
		}
		defer os.Remove(of)
		args = append(args, "-overlay", of)
	}
	args = append(args, "./"+dir)
	start := time.Now()
	build := exec.Command("go", args...)
	_, env, emu := archOf(file)
	if m != nil && m.goarm5 {
		env = append(slices.Clone(env), "GOARM=5")
	}
	build.Env = append(os.Environ(), env...)
	if out, err := build.CombinedOutput(); err != nil {
		return "invalid", time.Since(start), firstLine(string(out))
	}
	// A mutant is killed if any test of the package fails. The tests
	// matching -first run before the rest, so most kills come quickly; the
	// unmutated baseline runs only the whole suite.
	passes := []string{r.run}
	if m != nil && r.first != "" && r.run == "" {
		passes = []string{r.first, ""}
	}
	ctx, cancel := context.WithTimeout(context.Background(), to)
	defer cancel()
	for _, run := range passes {
		targs := []string{"-test.count=1", "-test.failfast"}
		if r.short {
			targs = append(targs, "-test.short")
		}
		if run != "" {
			targs = append(targs, "-test.run", run)
		}
		cmd := exec.CommandContext(ctx, bin, targs...)
		if emu != "" {
			cmd = exec.CommandContext(ctx, emu, append([]string{bin}, targs...)...)
			cmd.Env = append(os.Environ(), "GODEBUG=asyncpreemptoff=1", "GOMAXPROCS=1", "CURVEKIT_QEMU_USER=1")
		}
		cmd.Dir = filepath.Join(r.root, dir)
		cmd.WaitDelay = 5 * time.Second
		out, err := cmd.CombinedOutput()
		if ctx.Err() != nil {
			return "killed", time.Since(start), "timeout"
		}
		if err != nil {
			return "killed", time.Since(start), failLine(string(out))
		}
	}
	return "survived", time.Since(start), ""
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return strings.TrimSpace(s)
}

func failLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "--- FAIL") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "SIGSEGV") || strings.HasPrefix(l, "unexpected fault") {
			return strings.TrimSpace(l)
		}
	}
	return firstLine(s)
}

var (
	umaalRe    = regexp.MustCompile(`^\tWORD\s+\$0x(e04[0-9a-f]{2}[0-9a-f]9[0-9a-f])\s*// UMAAL: (.*)$`)
	instRe     = regexp.MustCompile(`^\t([A-Z][A-Z0-9.]*)(?:\s+(.*))?$`) // arm opcodes carry suffixes (ADD.S, MOVM.IA)
	armShiftRe = regexp.MustCompile(`^(R\d+)(<<|>>)(\d+)$`)
	textRe     = regexp.MustCompile(`^TEXT\s+([^(]+)\(SB\)`)
	dataRe     = regexp.MustCompile(`^DATA\s+(\S+)/(\d+),\s*\$(0x[0-9a-fA-F]+|\d+)\s*$`)
	immRe      = regexp.MustCompile(`^\$(-?(?:0x[0-9a-fA-F]+|\d+))$`)
	memRe      = regexp.MustCompile(`[^,\s]*\([^)]*\)(?:\([^)]*\))?`)
)

var gpRegs = []string{"AX", "BX", "CX", "DX", "SI", "DI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

// enumerate lists every mutant of one file for the operators in ops.
func enumerate(file, src string, ops map[string]bool) []*mutant {
	var ms []*mutant
	fn := ""
	block := ""             // the block's instructions so far, memory operands blanked
	occ := map[string]int{} // fn + instruction text → occurrences so far
	defer func() {
		// A line in the #else of an #ifdef GOARM_6 is built by GOARM=5 only.
		v5 := map[int]bool{}
		region := ""
		for i, l := range strings.Split(src, "\n") {
			switch strings.TrimSpace(l) {
			case "#ifdef GOARM_6":
				region = "6"
			case "#else":
				if region == "6" {
					region = "5"
				}
			case "#endif":
				region = ""
			}
			v5[i+1] = region == "5"
		}
		for _, m := range ms {
			m.goarm5 = v5[m.line]
		}
	}()
	for i, l := range strings.Split(src, "\n") {
		if m := umaalRe.FindStringSubmatch(l); m != nil && fn != "" {
			// internal/gen's UMAAL, a WORD (cond AL, hi:lo = n·m + hi + lo):
			// delete it, or swap the two words it adds into.
			enc, _ := strconv.ParseUint(m[1], 16, 32)
			text := "UMAAL " + m[2]
			occ[fn+"\x00"+text]++
			n := occ[fn+"\x00"+text]
			id := fmt.Sprintf("%s:%s:%s#%d:", file, fn, text, n)
			if ops["delete"] {
				ms = append(ms, &mutant{file: file, line: i + 1, fn: fn, op: "delete", orig: l, id: id + "delete", dedup: "delete"})
			}
			if ops["swap"] {
				lo, hi := enc>>12&15, enc>>16&15
				sw := enc&^0xff000 | lo<<16 | hi<<12
				repl := fmt.Sprintf("\tWORD    $0x%08x // (swapped RdLo and RdHi)", sw)
				ms = append(ms, &mutant{file: file, line: i + 1, fn: fn, op: "swap", orig: l, repl: repl, id: id + "swap", dedup: "swap"})
			}
			continue
		}
		if m := textRe.FindStringSubmatch(l); m != nil {
			fn = strings.TrimPrefix(m[1], "·")
			block = ""
			continue
		}
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "//") {
			block = ""
			continue
		}
		if dm := dataRe.FindStringSubmatch(l); dm != nil && ops["data"] {
			v, err := strconv.ParseUint(dm[3], 0, 64)
			if err != nil {
				continue
			}
			repl := fmt.Sprintf("DATA %s/%s, $0x%016x", dm[1], dm[2], v^1)
			ms = append(ms, &mutant{file: file, line: i + 1, op: "data", orig: l, repl: repl,
				id: fmt.Sprintf("%s:DATA %s:data", file, dm[1])})
			continue
		}
		code := l
		if k := strings.Index(l, "//"); k >= 0 {
			code = strings.TrimRight(l[:k], " \t") // a trailing note (see the allowlist)
		}
		im := instRe.FindStringSubmatch(code)
		if im == nil {
			continue
		}
		opc := im[1]
		var args []string
		if im[2] != "" {
			for _, a := range strings.Split(im[2], ",") {
				args = append(args, strings.TrimSpace(a))
			}
		}
		text := opc
		if len(args) > 0 {
			text += " " + strings.Join(args, ", ")
		}
		occ[fn+"\x00"+text]++
		n := occ[fn+"\x00"+text]
		block += memRe.ReplaceAllString(text, "M") + ";"
		site := block
		add := func(op, variant, repl string) {
			ms = append(ms, &mutant{file: file, line: i + 1, fn: fn, op: op, orig: l, repl: repl, site: site,
				id:    fmt.Sprintf("%s:%s:%s#%d:%s", file, fn, text, n, variant),
				dedup: variant})
		}
		mk := func(o string, a ...string) string {
			if len(a) == 0 {
				return "\t" + o
			}
			return fmt.Sprintf("\t%-8s%s", o, strings.Join(a, ", "))
		}
		switch {
		case opc == "ADCL" || opc == "ADC" || opc == "ADD.S":
			// 386 and arm: the carry-in dropped, or (ADD.S) the carry
			// not produced for the ADC that follows.
			if ops["carry"] {
				add("carry", "nocarry", mk(map[string]string{"ADCL": "ADDL", "ADC": "ADD", "ADD.S": "ADD"}[opc], args...))
			}
			if ops["delete"] && opc != "ADD.S" {
				add("delete", "delete", "")
			}
		case opc == "SHRL" || opc == "SHLL":
			if !ops["shift"] || len(args) < 2 {
				break
			}
			if v, ok := imm(args[0]); ok {
				for _, d := range []int64{-1, 1} {
					if nv := v + d; nv >= 1 && nv <= 31 {
						b := append([]string{fmt.Sprintf("$%d", nv)}, args[1:]...)
						add("shift", fmt.Sprintf("count%+d", d), mk(opc, b...))
					}
				}
			}
		case opc == "ADCQ" || opc == "SBBQ" || opc == "ADCXQ" || opc == "ADOXQ":
			if ops["carry"] {
				switch opc {
				case "ADCQ":
					add("carry", "nocarry", mk("ADDQ", args...))
				case "SBBQ":
					add("carry", "nocarry", mk("SUBQ", args...))
				default:
					if len(args) == 2 && isReg(args[0]) && isReg(args[1]) {
						add("carry", "lea", mk("LEAQ", fmt.Sprintf("(%s)(%s*1)", args[1], args[0]), args[1]))
					}
				}
			}
			if ops["delete"] {
				add("delete", "delete", "")
			}
			if ops["swap"] && (opc == "ADCXQ" || opc == "ADOXQ") {
				o := "ADOXQ"
				if opc == "ADOXQ" {
					o = "ADCXQ"
				}
				add("swap", "swap", mk(o, args...))
			}
		case opc == "SHLQ" || opc == "SHRQ" || opc == "SARQ" || opc == "SHLXQ" || opc == "SHRXQ" || opc == "SHLDQ" || opc == "SHRDQ":
			if !ops["shift"] || len(args) < 2 {
				break
			}
			if v, ok := imm(args[0]); ok {
				for _, d := range []int64{-1, 1} {
					if nv := v + d; nv >= 0 && nv <= 63 {
						b := append([]string{fmt.Sprintf("$%d", nv)}, args[1:]...)
						add("shift", fmt.Sprintf("count%+d", d), mk(opc, b...))
					}
				}
			}
			last := len(args) - 1
			if isReg(args[last]) {
				b := append([]string(nil), args...)
				b[last] = nextReg(args[last], args)
				add("shift", "dstreg", mk(opc, b...))
			}
			if len(args) == 3 && (opc == "SHLQ" || opc == "SHRQ" || opc == "SHLDQ" || opc == "SHRDQ") {
				o := opc
				if o == "SHLDQ" {
					o = "SHLQ"
				} else if o == "SHRDQ" {
					o = "SHRQ"
				}
				add("shift", "noshiftin", mk(o, args[0], args[2]))
				b := append([]string(nil), args...)
				b[1] = nextReg(args[1], args)
				add("shift", "shiftinreg", mk(opc, b...))
			}
		case strings.HasPrefix(opc, "CMOV"):
			if !ops["cmov"] {
				break
			}
			add("cmov", "delete", "")
			if inv, ok := invertCond(opc); ok {
				add("cmov", "invert", mk(inv, args...))
			}
		case opc == "VPAND" || opc == "VPOR" || opc == "VPCMPEQQ" || opc == "VPSUBQ":
			if ops["mask"] {
				add("mask", "delete", "")
			}
		case opc == "AND" || opc == "EOR" || opc == "ANDL" || opc == "XORL":
			// arm and 386 masked selects and swaps (and the mask and
			// exclusive-or steps elsewhere); an immediate operand is also
			// the imm operator's.
			if ops["mask"] {
				add("mask", "delete", "")
			}
			if len(args) > 0 && ops["imm"] {
				if v, ok := imm(args[0]); ok {
					b := append([]string{fmt.Sprintf("$%d", v^1)}, args[1:]...)
					add("imm", "flip0", mk(opc, b...))
				}
			}
		default:
			if ops["imm"] && len(args) > 0 && !strings.HasPrefix(opc, "J") {
				if v, ok := imm(args[0]); ok {
					b := append([]string{fmt.Sprintf("$%d", v^1)}, args[1:]...)
					add("imm", "flip0", mk(opc, b...))
				}
			}
		}
		// arm's shifted register operands (R1<<4, R11>>26): the count ±1.
		for j, a := range args {
			sm := armShiftRe.FindStringSubmatch(a)
			if sm == nil || !ops["shift"] {
				continue
			}
			v, _ := strconv.Atoi(sm[3])
			for _, d := range []int{-1, 1} {
				if nv := v + d; nv >= 1 && nv <= 31 {
					b := append([]string(nil), args...)
					b[j] = fmt.Sprintf("%s%s%d", sm[1], sm[2], nv)
					add("shift", fmt.Sprintf("operand%d%+d", j, d), mk(opc, b...))
				}
			}
		}
		if ops["imm"] && (opc == "ADCQ" || opc == "SBBQ" || opc == "ADDQ" || opc == "SUBQ") && len(args) > 0 {
			if v, ok := imm(args[0]); ok {
				b := append([]string{fmt.Sprintf("$%d", v^1)}, args[1:]...)
				add("imm", "flip0", mk(opc, b...))
			}
		}
	}
	// An ADDQ/SUBQ immediate was handled in default; avoid double entries.
	seen := map[string]bool{}
	var out []*mutant
	for _, m := range ms {
		if seen[m.id] {
			continue
		}
		seen[m.id] = true
		out = append(out, m)
	}
	return out
}

func imm(a string) (int64, bool) {
	m := immRe.FindStringSubmatch(a)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseInt(m[1], 0, 64)
	if err != nil {
		u, err := strconv.ParseUint(m[1], 0, 64)
		if err != nil {
			return 0, false
		}
		v = int64(u)
	}
	return v, true
}

func isReg(a string) bool { return contains(gpRegs, a) }

// nextReg returns the next general-purpose register after r that the
// instruction does not already use.
func nextReg(r string, args []string) string {
	i := 0
	for j, g := range gpRegs {
		if g == r {
			i = j
		}
	}
	for k := 1; k < len(gpRegs); k++ {
		c := gpRegs[(i+k)%len(gpRegs)]
		if !contains(args, c) {
			return c
		}
	}
	return r
}

var condPairs = [][2]string{{"CS", "CC"}, {"EQ", "NE"}, {"LT", "GE"}, {"LS", "HI"}, {"MI", "PL"}, {"GT", "LE"}}

func invertCond(opc string) (string, bool) {
	for _, p := range condPairs {
		if strings.HasSuffix(opc, p[0]) {
			return strings.TrimSuffix(opc, p[0]) + p[1], true
		}
		if strings.HasSuffix(opc, p[1]) {
			return strings.TrimSuffix(opc, p[1]) + p[0], true
		}
	}
	return "", false
}

// dedup keeps the first mutant of each emitter row: the same operator
// variant at the same place of a block (the instructions after a comment
// line) whose instructions so far are the same once memory operands are
// blanked, within one function unless acrossFuncs.
func dedup(ms []*mutant, acrossFuncs bool) []*mutant {
	seen := map[string]bool{}
	var out []*mutant
	for _, m := range ms {
		if m.site != "" {
			k := m.site + "|" + m.dedup
			if !acrossFuncs {
				k = m.fn + "|" + k
			}
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		out = append(out, m)
	}
	return out
}

func sample(ms []*mutant, n int, seed uint64, file string) []*mutant {
	h := fnv.New64a()
	h.Write([]byte(file))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	idx := rng.Perm(len(ms))[:n]
	sort.Ints(idx)
	out := make([]*mutant, n)
	for i, j := range idx {
		out[i] = ms[j]
	}
	return out
}

func readAllowlist(path string) (map[string]string, error) {
	allow := map[string]string{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return allow, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	ln := 0
	for sc.Scan() {
		ln++
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		id, reason, ok := strings.Cut(l, "\t")
		if !ok {
			id, reason, ok = strings.Cut(l, "  ")
		}
		if !ok || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("%s:%d: an entry needs a reason after the id (tab or two spaces)", path, ln)
		}
		allow[strings.TrimSpace(id)] = strings.TrimSpace(reason)
	}
	return allow, sc.Err()
}

func gitRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("git rev-parse: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "asmmutate:", err)
	os.Exit(2)
}
