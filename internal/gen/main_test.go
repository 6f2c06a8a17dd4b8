package main

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// generated is generate's output, computed once for the package's tests.
var generated = sync.OnceValues(generate)

// TestCommittedUpToDate checks that every committed generated file is what
// the generators write now, and that every zz_generated file in the
// generators' packages is one of them (a file no generator writes any more
// would otherwise stay behind).
func TestCommittedUpToDate(t *testing.T) {
	files, err := generated()
	if err != nil {
		t.Fatal(err)
	}
	root := "../.."
	dirs := map[string]bool{}
	for p, want := range files {
		dirs[filepath.Dir(p)] = true
		got, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			t.Error(err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./...", p)
		}
	}
	for d := range dirs {
		matches, err := filepath.Glob(filepath.Join(root, d, "zz_generated_*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range matches {
			rel, _ := filepath.Rel(root, m)
			if _, ok := files[filepath.ToSlash(rel)]; !ok {
				t.Errorf("%s is written by no generator", rel)
			}
		}
	}
}
