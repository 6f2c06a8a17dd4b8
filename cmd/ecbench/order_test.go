package main

import (
	"strings"
	"testing"
)

// Algorithms come out in the order they were asked for, an alias's at its
// place, each once.
func TestSelectOrder(t *testing.T) {
	algs, err := selectAlgorithms([]string{"ed448", "ecdhx25519", "ED25519", "ed448", "ecdsa"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range algs {
		got = append(got, a.Name)
	}
	if want := "ed448 ecdhx25519 ed25519 ecdsap256 ecdsap384"; strings.Join(got, " ") != want {
		t.Errorf("selected %q, want %q", strings.Join(got, " "), want)
	}
}

// The table and -compare print the algorithms in the order asked for.
func TestOutputOrder(t *testing.T) {
	for _, args := range [][]string{
		{"-ms", "1", "ed25519", "ecdhx25519"},
		{"-ms", "1", "-rounds", "1", "-compare", "go", "ed25519", "ecdhx25519"},
	} {
		code, out, errOut := ecbench(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		ed, x := strings.Index(out, "(Ed25519)"), strings.Index(out, "(X25519)")
		if args[2] == "-rounds" {
			ed, x = strings.Index(out, "\ned25519 "), strings.Index(out, "\necdhx25519 ")
		}
		if ed < 0 || x < 0 || ed > x {
			t.Errorf("%v: ed25519 at %d, ecdhx25519 at %d:\n%s", args, ed, x, out)
		}
	}
}
