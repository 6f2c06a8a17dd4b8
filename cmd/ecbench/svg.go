package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strings"
)

// Chart geometry, in pixels. Text is 12px sans-serif: an implementation name
// of up to 24 characters fits left of the bars, and a value label of up to
// 18 characters fits right of the longest bar, so nothing overlaps.
const (
	svgWidth    = 1100
	svgBarX     = 300 // bars start here; implementation names end 8px left of it
	svgBarMax   = 640 // the longest bar
	svgBarH     = 16
	svgRowH     = 22
	svgHeadH    = 26
	svgGroupGap = 8
	svgTop      = 70
)

var svgColors = map[string]string{curvekitName: "#d95f02"}
var svgPalette = []string{"#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#1f78b4"}

// renderSVG draws a horizontal bar chart of ops/s: one group per algorithm
// and op, one labelled bar per implementation, on one linear axis drawn at
// the top and bottom with grid lines between.
func renderSVG(results []Result, title string) []byte {
	type group struct {
		title  string
		bars   []Result
		noCK   bool   // curvekit has no figures
		ckNote string // why: "not yet implemented" unless it failed
	}
	var groups []*group
	index := map[string]*group{}
	maxRate := 0.0
	colors := map[string]string{}
	for k, v := range svgColors {
		colors[k] = v
	}
	for _, r := range results {
		key := r.Alg.Name + " " + r.Op.Name
		g := index[key]
		if g == nil {
			unit := "ops/s"
			if r.Op.items() > 1 || r.Alg.Table == TableBatch {
				unit = "signatures/s"
			}
			g = &group{title: fmt.Sprintf("%s %s: %s, %s", r.Alg.Name, r.Op.Name, strings.TrimSpace(label(r.Alg)), unit)}
			index[key] = g
			groups = append(groups, g)
		}
		if !r.ok() {
			if r.Impl == curvekitName {
				g.noCK = true
				if r.Err != "" {
					g.ckNote = "failed (see stderr)"
				}
			}
			continue
		}
		g.bars = append(g.bars, r)
		maxRate = math.Max(maxRate, r.Rate)
		if _, ok := colors[r.Impl]; !ok {
			if strings.HasPrefix(r.Impl, "openssl") {
				colors[r.Impl] = "#666666"
			} else {
				colors[r.Impl] = svgPalette[(len(colors)-1)%len(svgPalette)]
			}
		}
	}
	step, axisMax := niceAxis(maxRate)
	scale := func(v float64) float64 { return v / axisMax * svgBarMax }

	height := svgTop + 30
	for _, g := range groups {
		height += svgHeadH + svgRowH*len(g.bars) + svgGroupGap
		if g.noCK {
			height += svgRowH
		}
	}
	bottomAxis := height
	height += 60

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="10" y="24" font-size="16" font-weight="bold">%s</text>`+"\n", html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="10" y="44" fill="#444">operations per second, higher is better (batch rows: signatures verified per second)</text>`+"\n")

	// Axis at the top and the bottom, grid lines across.
	axisTop := svgTop
	for v := 0.0; v <= axisMax+step/2; v += step {
		x := svgBarX + scale(v)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", x, axisTop, x, bottomAxis)
		for _, y := range []int{axisTop - 6, bottomAxis + 16} {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#444">%s</text>`+"\n", x, y, shortNum(v))
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>`+"\n", svgBarX, axisTop, svgBarX+svgBarMax, axisTop)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>`+"\n", svgBarX, bottomAxis, svgBarX+svgBarMax, bottomAxis)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="#444">operations per second (ops/s)</text>`+"\n", svgBarX+svgBarMax/2, bottomAxis+36)

	y := svgTop + 10
	for _, g := range groups {
		y += svgHeadH
		fmt.Fprintf(&b, `<text x="10" y="%d" font-weight="bold">%s</text>`+"\n", y-8, html.EscapeString(g.title))
		if g.noCK {
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" fill="#888">curvekit</text>`+"\n", svgBarX-8, y+svgBarH-3)
			note := g.ckNote
			if note == "" {
				note = "not yet implemented"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#888" font-style="italic">%s</text>`+"\n", svgBarX+6, y+svgBarH-3, note)
			y += svgRowH
		}
		for _, r := range g.bars {
			w := scale(r.Rate)
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", svgBarX-8, y+svgBarH-3, html.EscapeString(r.Impl))
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", svgBarX, y, math.Max(w, 1), svgBarH, colors[r.Impl])
			fmt.Fprintf(&b, `<text x="%.1f" y="%d">%s</text>`+"\n", svgBarX+math.Max(w, 1)+6, y+svgBarH-3, groupThousands(r.Rate))
			y += svgRowH
		}
		y += svgGroupGap
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// niceAxis picks a tick step of 1, 2 or 5 times a power of ten giving 4 to
// 10 ticks, and the axis end: the first tick at or above max.
func niceAxis(max float64) (step, end float64) {
	if max <= 0 {
		return 1, 1
	}
	p := math.Pow(10, math.Floor(math.Log10(max)))
	for _, m := range []float64{0.1, 0.2, 0.5, 1, 2, 5} {
		step = p * m
		if max/step <= 10 {
			break
		}
	}
	return step, math.Ceil(max/step) * step
}

// shortNum writes axis labels: 20k, 1.5M, 500.
func shortNum(v float64) string {
	switch {
	case v >= 1e6:
		return trimZeros(fmt.Sprintf("%.2f", v/1e6)) + "M"
	case v >= 1e3:
		return trimZeros(fmt.Sprintf("%.2f", v/1e3)) + "k"
	}
	return trimZeros(fmt.Sprintf("%.2f", v))
}

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
