// Command gen writes every generated file of the module from the curve
// registry (internal/gen/registry): the field arithmetic of fieldarith and
// P-256's point routines (internal/gen/field), the curve-level code of the
// curve packages (internal/gen/curve) and the basepoint tables of package
// tables (internal/gen/tables).
//
// `go generate ./...` runs it from the module root (generate.go); it must
// run there, since it writes paths relative to the root. The output is
// deterministic, and CI fails when the committed files differ from it.
//
// With -tables-curve it writes only that curve's table file, to -out, with
// the fixed-base window -w, spacing -s and NAF window -nw (0 keeps the
// curve's), for measuring other table shapes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/curvekit/curvekit/internal/gen/curve"
	"github.com/curvekit/curvekit/internal/gen/field"
	"github.com/curvekit/curvekit/internal/gen/tables"
)

func main() {
	tablesCurve := flag.String("tables-curve", "", "write only this curve's tables (a registry name) to -out")
	out := flag.String("out", "", "output file for -tables-curve")
	w := flag.Int("w", 0, "fixed-base window for -tables-curve (default the curve's)")
	s := flag.Int("s", 0, "fixed-base spacing for -tables-curve (default the curve's)")
	nw := flag.Int("nw", 0, "odd-multiples NAF window for -tables-curve (default the curve's)")
	verbose := flag.Bool("v", false, "name every file written")
	flag.Parse()
	if *tablesCurve != "" {
		if *out == "" {
			log.Fatal("gen: -tables-curve needs -out")
		}
		src, err := tables.Shape(*tablesCurve, *w, *s, *nw)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(*out, src, 0o644); err != nil {
			log.Fatal(err)
		}
		return
	}
	if _, err := os.Stat("go.mod"); err != nil {
		log.Fatal("gen: run from the module root (go generate ./... does)")
	}

	files, err := generate()
	if err != nil {
		log.Fatal(err)
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	changed := 0
	for _, p := range paths {
		// Files that did not change are left alone, so that their
		// modification times do not invalidate build caches.
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, files[p]) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(p, files[p], 0o644); err != nil {
			log.Fatal(err)
		}
		changed++
		if *verbose {
			fmt.Fprintf(os.Stderr, "gen: wrote %s\n", p)
		}
	}
	fmt.Fprintf(os.Stderr, "gen: %d files, %d changed\n", len(paths), changed)
}

// generate returns every generated file, keyed by path from the module
// root. The three generators are independent and run at once.
func generate() (map[string][]byte, error) {
	gens := []func() (map[string][]byte, error){field.Files, curve.Files, tables.Files}
	results := make([]map[string][]byte, len(gens))
	errs := make([]error, len(gens))
	var wg sync.WaitGroup
	for i, g := range gens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = g()
		}()
	}
	wg.Wait()
	files := map[string][]byte{}
	for i, r := range results {
		if errs[i] != nil {
			return nil, errs[i]
		}
		for p, src := range r {
			if _, dup := files[p]; dup {
				return nil, fmt.Errorf("gen: %s is written twice", p)
			}
			files[p] = src
		}
	}
	return files, nil
}
