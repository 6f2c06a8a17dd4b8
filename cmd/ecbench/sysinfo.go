package main

import (
	"bufio"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// envInfo describes the machine and build, for -json and the comparison footer.
type envInfo struct {
	CPU       string  // "model name" from /proc/cpuinfo, else GOARCH
	GHz       float64 // clock the cycle figures are counted at; 0: none (ns only)
	GHzSource string  // where GHz came from: "calibrated", "-ghz", or why there is none
	// NominalGHz is "cpu MHz" of /proc/cpuinfo (0: none): the nominal
	// clock, printed beside the calibrated one, never used for cycles.
	NominalGHz float64
	Clock      clockCalibration // the in-process calibration, if run
	// ClockAfter is the calibration repeated after measuring (GHz 0: not
	// repeated or failed): printed beside Clock to show drift; cycles are
	// counted at Clock.
	ClockAfter clockCalibration
	GoVersion  string
	GOOS       string
	GOARCH     string
	Backend    string // curvekit's field backend: "64-bit" or "32-bit"
}

// cpuInfo reads the CPU model and clock ("cpu MHz") from /proc/cpuinfo
// contents; mhz is 0 where the file has none (most non-x86 kernels).
func cpuInfo(r io.Reader) (model string, mhz float64) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "model name", "Model", "cpu model", "uarch":
			if model == "" {
				model = v
			}
		case "cpu MHz":
			if mhz == 0 {
				if f, err := strconv.ParseFloat(v, 64); err == nil && f > 0 {
					mhz = f
				}
			}
		}
	}
	return model, mhz
}

// detectEnv fills envInfo; ghz > 0 sets the clock (-ghz), ghz == 0 means
// no cycle figures, ghz < 0 calibrates the clock in-process.
func detectEnv(ghz float64) envInfo {
	e := envInfo{
		GoVersion: runtime.Version(),
		GOOS:      runtime.GOOS,
		GOARCH:    runtime.GOARCH,
		Backend:   fieldBackend,
	}
	var model string
	var mhz float64
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		model, mhz = cpuInfo(f)
		f.Close()
	}
	e.CPU = model
	if e.CPU == "" {
		e.CPU = "unknown " + runtime.GOARCH + " CPU"
	}
	e.NominalGHz = mhz / 1000
	switch {
	case ghz > 0:
		e.GHz, e.GHzSource = ghz, "-ghz"
	case ghz == 0:
		e.GHzSource = "-ghz 0: no cycle figures"
	default:
		e.Clock = calibrateClock()
		if e.Clock.GHz > 0 {
			e.GHz, e.GHzSource = e.Clock.GHz, "calibrated"
		} else {
			e.GHzSource = e.Clock.describe() + "; ns only"
		}
	}
	return e
}
