package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"slices"
	"strings"
)

// Chart geometry, in pixels. Text is 12px sans-serif: an implementation name
// of up to 26 characters fits left of the plot, a value label right of the
// longest bar.
const (
	svgWidth    = 1120
	svgPlotX    = 260 // the plot starts here; names end 8px left of it
	svgPlotW    = 600
	svgBarH     = 14
	svgRowH     = 20
	svgHeadH    = 24
	svgGroupGap = 6
	svgTop      = 96
)

// svgOrder fixes the colour of the implementations; unknown names follow
// in the order met, openssl last. Within a group the bars keep the order of
// the results, which is the table's: curvekit's peers in the order
// measured, openssl last.
var svgOrder = []string{"crypto/ecdh", "crypto/ed25519", "crypto/ecdsa", "filippo", "voi", "circl"}

var svgPalette = []string{"#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#1f78b4", "#d95f02"}

// chartBar is one bar: curvekit's speed-up over one implementation.
type chartBar struct {
	impl        string
	ratio       float64 // curvekit ops/s ÷ impl ops/s
	lo, hi      float64 // error bar: the ratio with both ± applied against it
	hasErrorBar bool
	ckNs, ns    float64 // ns per op of curvekit and of impl, printed beside the bar
}

// straddles reports whether the error bar crosses 1×: the rounds cannot
// tell which implementation is faster.
func (b chartBar) straddles() bool { return b.hasErrorBar && b.lo < 1 && b.hi > 1 }

type chartGroup struct {
	title string
	bars  []chartBar
}

// chartGroups collects, per algorithm and op, curvekit's speed-up over each
// implementation with figures; groups without curvekit figures are left
// out and named in omitted.
func chartGroups(results []Result) (groups []chartGroup, omitted []string, order []string) {
	type key struct{ alg, op string }
	ck := map[key]*Result{}
	var keys []key
	seen := map[key]bool{}
	for i, r := range results {
		k := key{r.Alg.Name, r.Op.Name}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
		if r.Impl == curvekitName {
			ck[k] = &results[i]
		}
	}
	rank := map[string]int{}
	for i, n := range svgOrder {
		rank[n] = i
	}
	var extra []string
	for _, r := range results {
		if _, ok := rank[r.Impl]; !ok && r.Impl != curvekitName && !strings.HasPrefix(r.Impl, "openssl") {
			rank[r.Impl] = len(svgOrder) + len(extra)
			extra = append(extra, r.Impl)
		}
	}
	order = append(append([]string(nil), svgOrder...), extra...)
	for _, r := range results {
		if strings.HasPrefix(r.Impl, "openssl") && !contains(order, r.Impl) {
			rank[r.Impl] = 1 << 20
			order = append(order, r.Impl)
		}
	}
	for _, k := range keys {
		c := ck[k]
		var g chartGroup
		for _, r := range results {
			if r.Alg.Name != k.alg || r.Op.Name != k.op || r.Impl == curvekitName {
				continue
			}
			s := speedupOver(c, r)
			if s <= 0 {
				continue
			}
			if g.title == "" {
				g.title = fmt.Sprintf("%s %s: %s", r.Alg.Name, r.Op.Name, strings.TrimSpace(label(r.Alg)))
			}
			b := chartBar{impl: r.Impl, ratio: s, lo: s, hi: s, ckNs: c.NsPerOp(), ns: r.NsPerOp()}
			if len(c.RoundRates) > 1 || len(r.RoundRates) > 1 {
				// Symmetric on the log scale: the two ± compound.
				e := (1 + c.Spread()) * (1 + r.Spread())
				b.lo, b.hi, b.hasErrorBar = s/e, s*e, true
			}
			g.bars = append(g.bars, b)
		}
		if len(g.bars) == 0 {
			if c == nil || !c.ok() {
				omitted = append(omitted, k.alg+" "+k.op)
			}
			continue
		}
		groups = append(groups, g)
	}
	var uniq []string
	for _, o := range omitted {
		alg, _, _ := strings.Cut(o, " ")
		if !contains(uniq, alg) {
			uniq = append(uniq, alg)
		}
	}
	return groups, uniq, order
}

// renderSVG draws curvekit's speed-up over each other implementation, per
// algorithm and op, on a log scale centred on 1× (right: curvekit faster),
// with error bars from the rounds' ±; caption (lines split at "\n")
// carries the command and date.
func renderSVG(results []Result, title, caption string) []byte {
	groups, omitted, order := chartGroups(results)
	// One colour per library: "ntor on voi" and "filippo-ref" take the
	// colour of the library they run on.
	colors := map[string]string{}
	next := len(svgOrder)
	for i, n := range order {
		switch lib := libraryOf(n); {
		case strings.HasPrefix(n, "openssl"):
			colors[n] = "#666666"
		case i < len(svgOrder):
			colors[n] = svgPalette[i]
		case lib != "":
			colors[n] = svgPalette[slices.Index(svgOrder, lib)]
		default:
			colors[n] = svgPalette[next%len(svgPalette)]
			next++
		}
	}
	lo, hi := 0.5, 2.0
	for _, g := range groups {
		for _, b := range g.bars {
			// The bars set the axis; error bars beyond it are clipped.
			lo, hi = math.Min(lo, b.ratio/1.15), math.Max(hi, b.ratio*1.15)
		}
	}
	e0, e1 := math.Floor(math.Log2(lo)), math.Ceil(math.Log2(hi))
	x := func(v float64) float64 {
		return svgPlotX + (math.Log2(v)-e0)/(e1-e0)*svgPlotW
	}

	height := svgTop + 10
	for _, g := range groups {
		height += svgHeadH + svgRowH*len(g.bars) + svgGroupGap
	}
	bottomAxis := height
	height += 80 + 18*strings.Count(caption, "\n")
	if len(omitted) > 0 {
		height += 18
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="10" y="24" font-size="16" font-weight="bold">%s</text>`+"\n", html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="10" y="44" fill="#444">curvekit's speed-up over each implementation: curvekit ops/s ÷ its ops/s, log scale; right of 1×: curvekit is faster</text>`+"\n")
	fmt.Fprintf(&b, `<text x="10" y="60" fill="#444">beside each bar: the speed-up (curvekit's time vs its time, per op); pale, dashed bars: the error bar crosses 1×, the rounds cannot tell which is faster</text>`+"\n")

	// Grid lines run beside the bars only, never through a group's title,
	// so that long titles stay readable.
	axisTop := svgTop - 8
	grid := func(y0, y1 int) {
		for e := e0; e <= e1; e++ {
			stroke, w := "#ddd", 1
			if e == 0 {
				stroke, w = "#333", 2
			}
			xx := x(math.Pow(2, e))
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="%d"/>`+"\n", xx, y0, xx, y1, stroke, w)
		}
	}
	for e := e0; e <= e1; e++ {
		xx := x(math.Pow(2, e))
		for _, y := range []int{axisTop - 6, bottomAxis + 16} {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#444">%s</text>`+"\n", xx, y, ratioLabel(math.Pow(2, e)))
		}
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="end" fill="#444">← the other is faster</text>`+"\n", x(1)-8, bottomAxis+34)
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" fill="#444">curvekit is faster →</text>`+"\n", x(1)+8, bottomAxis+34)

	y := svgTop
	for _, g := range groups {
		y += svgHeadH
		fmt.Fprintf(&b, `<text x="10" y="%d" font-weight="bold">%s</text>`+"\n", y-7, html.EscapeString(g.title))
		grid(y-3, y+svgRowH*len(g.bars))
		for _, bar := range g.bars {
			x0, x1 := x(1), x(bar.ratio)
			left := math.Min(x0, x1)
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", svgPlotX-8, y+svgBarH-3, html.EscapeString(bar.impl))
			// A bar whose error bar crosses 1× is drawn pale with a dashed
			// outline: the rounds cannot tell which is faster.
			style := fmt.Sprintf(`fill="%s"`, colors[bar.impl])
			if bar.straddles() {
				style += fmt.Sprintf(` fill-opacity="0.3" stroke="%s" stroke-dasharray="3 2"`, colors[bar.impl])
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" %s><title>%s: %s</title></rect>`+"\n",
				left, y, math.Max(math.Abs(x1-x0), 1), svgBarH, style, html.EscapeString(bar.impl), fmtSpeedup(bar.ratio))
			end := math.Max(x1, x0)
			if bar.hasErrorBar {
				el, eh := x(bar.lo), x(bar.hi)
				mid := float64(y) + svgBarH/2
				// A cap where the error bar ends, none where the axis clips it.
				d := ""
				if el < svgPlotX {
					el = svgPlotX
				} else {
					d += fmt.Sprintf("M%.1f %.1fV%.1f", el, mid-4, mid+4)
				}
				if eh > svgPlotX+svgPlotW {
					eh = svgPlotX + svgPlotW
				} else {
					d += fmt.Sprintf("M%.1f %.1fV%.1f", eh, mid-4, mid+4)
				}
				fmt.Fprintf(&b, `<path d="M%.1f %.1fH%.1f%s" stroke="#000" fill="none"/>`+"\n", el, mid, eh, d)
				end = math.Max(end, eh)
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%d">%s</text>`+"\n", end+6, y+svgBarH-3, html.EscapeString(barLabel(bar)))
			y += svgRowH
		}
		y += svgGroupGap
	}
	cy := bottomAxis + 56
	if len(omitted) > 0 {
		fmt.Fprintf(&b, `<text x="10" y="%d" fill="#666">not shown (curvekit has no figures: not yet implemented or failed): %s</text>`+"\n", cy, html.EscapeString(strings.Join(omitted, ", ")))
		cy += 18
	}
	for _, line := range strings.Split(caption, "\n") {
		fmt.Fprintf(&b, `<text x="10" y="%d" fill="#444">%s</text>`+"\n", cy, html.EscapeString(line))
		cy += 18
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// libraryOf is the known library an implementation name refers to
// ("ntor on voi" → "voi", "filippo-ref" → "filippo"), or "".
func libraryOf(name string) string {
	if _, on, ok := strings.Cut(name, " on "); ok && slices.Contains(svgOrder, on) {
		return on
	}
	if lib, _, ok := strings.Cut(name, "-"); ok && slices.Contains(svgOrder, lib) {
		return lib
	}
	return ""
}

func fmtSpeedup(r float64) string { return fmt.Sprintf("%.2f×", r) }

// barLabel is the text right of a bar: the speed-up, the two absolute
// times, and a warning when the error bar crosses 1×.
func barLabel(b chartBar) string {
	s := fmt.Sprintf("%s  (%s vs %s)", fmtSpeedup(b.ratio), fmtMicros(b.ckNs), fmtMicros(b.ns))
	if b.straddles() {
		s += "  ± spans 1×: no clear winner"
	}
	return s
}

// fmtMicros writes ns as µs with three significant digits: "7.10 µs", "36.4 µs", "412 µs".
func fmtMicros(ns float64) string {
	us := ns / 1e3
	switch {
	case us < 10:
		return fmt.Sprintf("%.2f µs", us)
	case us < 100:
		return fmt.Sprintf("%.1f µs", us)
	}
	return fmt.Sprintf("%.0f µs", us)
}

// ratioLabel writes a power of two as an axis label: 0.25×, 1×, 8×.
func ratioLabel(v float64) string {
	return trimZeros(fmt.Sprintf("%.3f", v)) + "×"
}

// trimZeros drops trailing zeros after a decimal point: "0.250" → "0.25".
func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// groupThousands writes 53716.04 as "53,716".
func groupThousands(v float64) string {
	s := fmt.Sprintf("%.0f", v)
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
