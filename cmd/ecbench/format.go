package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// tableInfo describes how a Table is printed.
type tableInfo struct {
	openssl  bool   // one of openssl speed's own tables: same printf formats, +F lines in -mr
	rowPerOp bool   // one row per op (batch sizes) instead of one column per op
	header   string // the op column's name in rowPerOp tables
	union    bool   // one header for the whole table: the union of its algorithms' ops, "-" where one has no such op
}

var tables = map[Table]tableInfo{
	TableECDSA:     {openssl: true},
	TableECDH:      {openssl: true},
	TableEdDSA:     {openssl: true},
	TableBatch:     {rowPerOp: true, header: "verify"},
	TableHandshake: {union: true},
}

// label is the row label, as openssl speed prints it: "%4u bits ecdh (%s)".
func label(a *Algorithm) string {
	return fmt.Sprintf("%4d bits %s (%s)", a.Bits, a.Family, a.Curve)
}

// header is the column header line: 30 spaces, the time columns then the
// rate columns, spaced exactly as openssl speed spaces "sign    verify    sign/s verify/s".
func header(a *Algorithm) string {
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", 30))
	for i, op := range a.Ops {
		w := 10
		if i == 0 {
			w = 8
		}
		fmt.Fprintf(&b, "%-*s", w, op.Name)
	}
	for i, op := range a.Ops {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(op.Name + "/s")
	}
	return b.String()
}

// writeTable prints results in openssl speed's layout: a header line each
// time the table (or, within our own tables, the set of columns) changes,
// then "%4u bits <family> (<curve>) %8.4fs... %8.1f..." rows with seconds
// per operation then operations per second. Only results of implementation
// impl are printed; an algorithm without them says so in plain words.
//
// openssl's tables (ECDSA, ECDH, EdDSA) keep its exact formats. Our own
// tables (keygen, batch, blind, handshakes, group operations) have labels
// of many lengths and times that openssl's %8.4fs would print as 0.0000s,
// so they get their own layout (see ownTable): µs per operation instead,
// columns right-aligned under their names.
func writeTable(w io.Writer, algs []*Algorithm, results []Result, impl string) {
	byKey := map[[2]string]Result{}
	for _, r := range results {
		if r.Impl == impl {
			byKey[[2]string{r.Alg.Name, r.Op.Name}] = r
		}
	}
	lastHeader := ""
	lastTable := Table(-1)
	for i := 0; i < len(algs); i++ {
		a := algs[i]
		if !tables[a.Table].openssl {
			j := i
			for j < len(algs) && algs[j].Table == a.Table {
				j++
			}
			ownTable(w, algs[i:j], byKey, impl)
			i = j - 1
			lastTable = a.Table
			continue
		}
		h := header(a)
		if a.Table != lastTable || h != lastHeader {
			fmt.Fprintln(w, h)
			lastHeader, lastTable = h, a.Table
		}
		rs, status := rowResults(a, byKey, impl)
		if status != "" {
			fmt.Fprintf(w, "%s %s\n", label(a), status)
			continue
		}
		var b strings.Builder
		b.WriteString(label(a))
		for _, r := range rs {
			fmt.Fprintf(&b, " %8.4fs", 1/r.Rate)
		}
		for _, r := range rs {
			fmt.Fprintf(&b, " %8.1f", r.Rate)
		}
		fmt.Fprintln(w, b.String())
	}
}

// rowResults returns a's results in op order, or the text that replaces
// the row when some are missing or failed.
func rowResults(a *Algorithm, byKey map[[2]string]Result, impl string) ([]Result, string) {
	rs := make([]Result, len(a.Ops))
	missing, failed := false, ""
	for i, op := range a.Ops {
		r, ok := byKey[[2]string{a.Name, op.Name}]
		if !ok || !r.ok() {
			missing = true
		}
		if r.Err != "" && failed == "" {
			failed = op.Name + ": " + r.Err
		}
		rs[i] = r
	}
	switch {
	case failed != "":
		return nil, impl + ": failed (" + failed + ")"
	case missing:
		return nil, notImplementedText(a, impl)
	}
	return rs, ""
}

// ownTable prints the algorithms of one of our own tables: every label
// padded to the longest of the table, then for each op its time per
// operation in µs and its rate, each right-aligned under its column name
// ("keygen µs", "keygen/s"). Batch tables have one row per batch size.
func ownTable(w io.Writer, algs []*Algorithm, byKey map[[2]string]Result, impl string) {
	labelOf := func(a *Algorithm, op Op) string {
		if tables[a.Table].rowPerOp {
			return fmt.Sprintf("%4d bits %s (%s %s)", a.Bits, a.Family, a.Curve, op.Name)
		}
		return label(a)
	}
	width := 0
	for _, a := range algs {
		for _, op := range a.Ops {
			width = max(width, len(labelOf(a, op)))
		}
	}
	var union []Op
	if len(algs) > 0 && tables[algs[0].Table].union {
		// The algorithm with the most ops sets the column order; the others
		// add theirs after it.
		ordered := append([]*Algorithm(nil), algs...)
		sort.SliceStable(ordered, func(i, j int) bool { return len(ordered[i].Ops) > len(ordered[j].Ops) })
		seen := map[string]bool{}
		for _, a := range ordered {
			for _, op := range a.Ops {
				if !seen[op.Name] {
					seen[op.Name] = true
					union = append(union, op)
				}
			}
		}
	}
	lastHeader := ""
	for _, a := range algs {
		cols := a.Ops
		if tables[a.Table].rowPerOp {
			cols = []Op{{Name: tables[a.Table].header}}
		}
		if union != nil {
			cols = union
		}
		h := ownHeader(width, cols)
		if h != lastHeader {
			fmt.Fprintln(w, h)
			lastHeader = h
		}
		rs, status := rowResults(a, byKey, impl)
		if status != "" {
			fmt.Fprintf(w, "%-*s %s\n", width, label(a), status)
			continue
		}
		if tables[a.Table].rowPerOp {
			for _, r := range rs {
				fmt.Fprintln(w, ownRow(width, labelOf(a, r.Op), cols, []Result{r}))
			}
			continue
		}
		if union != nil {
			// Align a's results under the table's columns; an op a does not
			// have keeps a zero Result, which ownRow prints as "-".
			at := map[string]Result{}
			for _, r := range rs {
				at[r.Op.Name] = r
			}
			rs = make([]Result, len(cols))
			for i, op := range cols {
				rs[i] = at[op.Name]
			}
		}
		fmt.Fprintln(w, ownRow(width, label(a), cols, rs))
	}
}

// ownColumns are the widths of an op's two columns in our own tables.
func ownColumns(op Op) (timeW, rateW int) {
	return max(utf8Len(op.Name+" µs"), 10), max(len(op.Name)+2, 10)
}

func ownHeader(width int, ops []Op) string {
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", width))
	for _, op := range ops {
		tw, _ := ownColumns(op)
		fmt.Fprintf(&b, " %s%s", strings.Repeat(" ", tw-utf8Len(op.Name+" µs")), op.Name+" µs")
	}
	for _, op := range ops {
		_, rw := ownColumns(op)
		fmt.Fprintf(&b, " %*s", rw, op.Name+"/s")
	}
	return b.String()
}

func ownRow(width int, lbl string, ops []Op, rs []Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", width, lbl)
	for i, op := range ops {
		tw, _ := ownColumns(op)
		if rs[i].Rate == 0 {
			fmt.Fprintf(&b, " %*s", tw, "-")
			continue
		}
		fmt.Fprintf(&b, " %*.2f", tw, 1e6/rs[i].Rate)
	}
	for i, op := range ops {
		_, rw := ownColumns(op)
		if rs[i].Rate == 0 {
			fmt.Fprintf(&b, " %*s", rw, "-")
			continue
		}
		fmt.Fprintf(&b, " %*.1f", rw, rs[i].Rate)
	}
	return b.String()
}

// utf8Len is the printed width of s (one column per rune).
func utf8Len(s string) int { return utf8.RuneCountInString(s) }

func notImplementedText(a *Algorithm, impl string) string {
	if impl != curvekitName {
		return impl + ": not measured"
	}
	var peers []string
	for _, p := range a.Peers {
		peers = append(peers, p.Name)
	}
	s := "curvekit: not yet implemented"
	if len(peers) > 0 {
		s += " (peers: " + strings.Join(peers, ", ") + "; see -compare go)"
	}
	return s
}

// writeMR prints openssl speed -mr's result lines: +F4 (ECDSA), +F5 (ECDH)
// and +F6 (EdDSA) for curvekit's results in openssl's tables, and for every
// other result (our own tables, peers, openssl itself under -compare) the
// extension +FECB:<algorithm>:<op>:<bits>:<implementation>:<ops/s>:<s/op>.
func writeMR(w io.Writer, algs []*Algorithm, results []Result) {
	for _, a := range algs {
		var rs []Result
		for _, r := range results {
			if r.Alg == a && r.ok() {
				rs = append(rs, r)
			}
		}
		if tables[a.Table].openssl {
			ck := map[string]float64{}
			for _, r := range rs {
				if r.Impl == curvekitName {
					ck[r.Op.Name] = r.Rate
				}
			}
			if len(ck) == len(a.Ops) {
				switch a.Table {
				case TableECDSA:
					fmt.Fprintf(w, "+F4:%d:%d:%f:%f\n", a.OpenSSLIndex, a.Bits, ck["sign"], ck["verify"])
				case TableECDH:
					fmt.Fprintf(w, "+F5:%d:%d:%f:%f\n", a.OpenSSLIndex, a.Bits, ck["op"], 1/ck["op"])
				case TableEdDSA:
					fmt.Fprintf(w, "+F6:%d:%d:%s:%f:%f\n", a.OpenSSLIndex, a.Bits, a.Curve, ck["sign"], ck["verify"])
				}
			}
		}
		for _, r := range rs {
			if tables[a.Table].openssl && r.Impl == curvekitName {
				continue
			}
			fmt.Fprintf(w, "+FECB:%s:%s:%d:%s:%f:%f\n", a.Name, r.Op.Name, a.Bits, r.Impl, r.Rate, 1/r.Rate)
		}
	}
}

// secs formats a duration the way the progress lines show it ("3", "0.5").
func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'g', 3, 64)
}

// progress prints openssl 3.0's progress lines on stderr: "Doing ... for Ns: "
// before a measurement and "<count> ... in <t>s" after it; -mr turns them
// into +DTP and +R lines. curvekit's results in openssl's own tables use
// openssl's exact wording; other implementations carry their name in
// brackets, and our own tables use the same pattern with their op names.
type progress struct {
	w  io.Writer
	mr bool
	// count, if set, prints "[k/N] algorithm op implementation, ~T left"
	// before each measurement.
	count *counter
}

func (p progress) names(a *Algorithm, op Op, impl string) (str, str2 string) {
	sfx := ""
	if impl != curvekitName {
		sfx = "[" + impl + "]"
	}
	switch a.Table {
	case TableECDSA:
		return op.Name, "ecdsa" + sfx
	case TableECDH:
		return "", "ecdh" + sfx
	case TableEdDSA:
		return op.Name, a.Curve + sfx
	}
	if op.Name == a.Family {
		return op.Name, a.Curve + sfx
	}
	return op.Name, a.Curve + " " + a.Family + sfx
}

func (p progress) start(a *Algorithm, op Op, impl string, d time.Duration) {
	if p.w == nil {
		return
	}
	str, str2 := p.names(a, op, impl)
	if p.count != nil {
		p.count.step(a.Name+" "+op.Name+" "+impl, d)
	}
	if p.mr {
		fmt.Fprintf(p.w, "+DTP:%d:%s:%s:%s\n", a.Bits, str, str2, secs(d))
		return
	}
	fmt.Fprintf(p.w, "Doing %d bits %s %s's for %ss: ", a.Bits, str, str2, secs(d))
}

// done reports count operations (batch items, for batches) in elapsed.
func (p progress) done(a *Algorithm, op Op, impl string, count int64, elapsed time.Duration) {
	if p.w == nil {
		return
	}
	t := elapsed.Seconds()
	exact := impl == curvekitName && tables[a.Table].openssl
	if p.mr {
		switch {
		case exact && a.Table == TableECDSA && op.Name == "sign":
			fmt.Fprintf(p.w, "+R5:%d:%d:%.2f\n", count, a.Bits, t)
		case exact && a.Table == TableECDSA:
			fmt.Fprintf(p.w, "+R6:%d:%d:%.2f\n", count, a.Bits, t)
		case exact && a.Table == TableECDH:
			fmt.Fprintf(p.w, "+R7:%d:%d:%.2f\n", count, a.Bits, t)
		case exact && a.Table == TableEdDSA && op.Name == "sign":
			fmt.Fprintf(p.w, "+R8:%d:%d:%s:%.2f\n", count, a.Bits, a.Curve, t)
		case exact && a.Table == TableEdDSA:
			fmt.Fprintf(p.w, "+R9:%d:%d:%s:%.2f\n", count, a.Bits, a.Curve, t)
		default:
			fmt.Fprintf(p.w, "+RECB:%d:%d:%s:%s:%s:%.2f\n", count, a.Bits, a.Name, op.Name, impl, t)
		}
		return
	}
	_, name := p.names(a, op, impl)
	switch {
	case a.Table == TableECDSA && op.Name == "sign":
		fmt.Fprintf(p.w, "%d %d bits ECDSA%s signs in %.2fs\n", count, a.Bits, strings.TrimPrefix(name, "ecdsa"), t)
	case a.Table == TableECDSA:
		fmt.Fprintf(p.w, "%d %d bits ECDSA%s verify in %.2fs\n", count, a.Bits, strings.TrimPrefix(name, "ecdsa"), t)
	case a.Table == TableECDH:
		fmt.Fprintf(p.w, "%d %d-bits ECDH%s ops in %.2fs\n", count, a.Bits, strings.TrimPrefix(name, "ecdh"), t)
	case a.Table == TableEdDSA && op.Name == "sign":
		fmt.Fprintf(p.w, "%d %d bits %s signs in %.2fs \n", count, a.Bits, name, t)
	case a.Table == TableEdDSA:
		fmt.Fprintf(p.w, "%d %d bits %s verify in %.2fs\n", count, a.Bits, name, t)
	default:
		fmt.Fprintf(p.w, "%d %d bits %s %s ops in %.2fs\n", count, a.Bits, name, op.Name, t)
	}
}

// note prints a free-form line on the progress stream.
func (p progress) note(format string, args ...any) {
	if p.w == nil {
		return
	}
	fmt.Fprintf(p.w, format+"\n", args...)
}
