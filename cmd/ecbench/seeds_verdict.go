package main

import (
	"fmt"
	"strings"
)

// A seedCheck is one ratio a published conclusion rests on, with the range
// its ± allow: the two figures' spreads compounded, as in the -svg chart.
type seedCheck struct {
	name   string  // where it was measured: "64-bit", "32-bit X448 ECDH", "verify"
	ratio  float64 // the speed-up
	lo, hi float64 // the speed-up with both ± applied against it
	// rounds is the fewer of the two figures' rounds: below minSeedRounds
	// the ± says too little to judge by.
	rounds int
}

// minSeedRounds is the fewest rounds whose ± a verdict rests on: with one
// round there is no ±, with two the half-range of two samples.
const minSeedRounds = 3

// newSeedCheck is the speed-up of fast over slow (slow's time ÷ fast's);
// ok is false when either figure is missing.
func newSeedCheck(name string, slow, fast seedFigure) (seedCheck, bool) {
	s := speedup(slow, fast)
	if s <= 0 {
		return seedCheck{}, false
	}
	e := (1 + slow.Spread) * (1 + fast.Spread)
	return seedCheck{name: name, ratio: s, lo: s / e, hi: s * e, rounds: min(slow.Rounds, fast.Rounds)}, true
}

// text is the check for a sentence: "64-bit 1.02×", with the range when
// asked for ("64-bit 1.02× (0.93–1.12×)"), or why there is none.
func (c seedCheck) text(withRange bool) string {
	s := strings.TrimSpace(fmt.Sprintf("%s %.2f×", c.name, c.ratio))
	switch {
	case !withRange:
	case c.rounds < minSeedRounds:
		s += fmt.Sprintf(" (%d round(s): no ± to judge by)", c.rounds)
	default:
		s += fmt.Sprintf(" (%.2f–%.2f×)", c.lo, c.hi)
	}
	return s
}

// Verdicts of a published conclusion.
const (
	verdictHolds        = "holds"
	verdictFails        = "does not hold"
	verdictInconclusive = "inconclusive"
	verdictNotChecked   = "not checked"
)

// seedVerdict sorts checks against a threshold: a check passes when its
// whole ± range is at or above it, fails when the whole range is below,
// and is unsure when the range straddles it or its figures had fewer than
// minSeedRounds rounds. The conclusion does not hold
// if any check fails, is inconclusive if none fails but some are unsure,
// and holds when every check passes.
type seedVerdict struct {
	word               string
	pass, fail, unsure []seedCheck
	threshold          float64
}

func judgeSeedChecks(cs []seedCheck, threshold float64) seedVerdict {
	v := seedVerdict{threshold: threshold}
	for _, c := range cs {
		switch {
		case c.rounds < minSeedRounds:
			v.unsure = append(v.unsure, c)
		case c.lo >= threshold:
			v.pass = append(v.pass, c)
		case c.hi < threshold:
			v.fail = append(v.fail, c)
		default:
			v.unsure = append(v.unsure, c)
		}
	}
	switch {
	case len(cs) == 0:
		v.word = verdictNotChecked
	case len(v.fail) > 0:
		v.word = verdictFails
	case len(v.unsure) > 0:
		v.word = verdictInconclusive
	default:
		v.word = verdictHolds
	}
	return v
}

// list joins the checks for a sentence.
func checkList(cs []seedCheck, withRange bool) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.text(withRange))
	}
	return strings.Join(s, ", ")
}

// sentence writes the conclusion line: claim is the published conclusion
// as a clause ("Ace is faster than ntor"), failed what a failing check
// shows ("Ace is not faster than ntor"), published the published figures.
// Only the failing checks are listed when it does not hold, only the unsure
// ones when it is inconclusive.
func (v seedVerdict) sentence(claim, failed, published string) string {
	thr := strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v.threshold), "0"), ".") + "×"
	switch v.word {
	case verdictHolds:
		return fmt.Sprintf("Conclusion holds: %s here too (%s; %s).", claim, checkList(v.pass, false), published)
	case verdictFails:
		s := fmt.Sprintf("Conclusion does not hold: %s: %s, below %s even at the top of the ± range (%s).", failed, checkList(v.fail, true), thr, published)
		if len(v.unsure) > 0 {
			s += fmt.Sprintf(" Inconclusive (± range across %s, or too few rounds): %s.", thr, checkList(v.unsure, true))
		}
		return s
	case verdictInconclusive:
		s := fmt.Sprintf("Conclusion inconclusive: whether %s cannot be told here: %s (± range across %s, or too few rounds)", claim, checkList(v.unsure, true), thr)
		if len(v.pass) > 0 {
			s += fmt.Sprintf(" (it holds for %s)", checkList(v.pass, false))
		}
		return s + fmt.Sprintf("; rerun with a larger -seconds (%s).", published)
	}
	return "Conclusion: not checked."
}
