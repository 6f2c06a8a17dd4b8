package main

import (
	"fmt"
	"io"
	"time"
)

// counter prints "[k/N] what, ~T left" progress lines on long runs. The
// time left is the planned measuring time of the steps still to come, plus
// the elapsed time's excess over plan so far (set-up, warm-up, openssl)
// scaled to the steps left.
type counter struct {
	w       io.Writer
	total   int
	planned time.Duration // sum of the planned durations of all steps
	k       int
	done    time.Duration // planned duration of the steps started so far
	start   time.Time
	now     func() time.Time // for tests; nil: time.Now
}

func newCounter(w io.Writer, total int, planned time.Duration) *counter {
	return &counter{w: w, total: total, planned: planned}
}

func (c *counter) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

// step announces the next measurement, of planned length d.
func (c *counter) step(what string, d time.Duration) {
	if c == nil || c.w == nil {
		return
	}
	if c.k == 0 {
		c.start = c.clock()
	}
	c.k++
	left := c.planned - c.done
	if c.done > 0 {
		// Scale by how much longer than planned the steps so far took.
		el := c.clock().Sub(c.start)
		left = time.Duration(float64(left) * float64(el) / float64(c.done))
	}
	c.done += d
	fmt.Fprintf(c.w, "[%d/%d] %s, ~%s left\n", c.k, max(c.total, c.k), what, roundLeft(left))
}

// roundLeft rounds a time estimate to what is worth printing.
func roundLeft(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.0fs", max(d.Seconds(), 0))
	case d < 2*time.Minute:
		return (d.Round(5 * time.Second)).String()
	}
	return d.Round(time.Minute).String()
}
