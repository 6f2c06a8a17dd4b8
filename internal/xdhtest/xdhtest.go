// Package xdhtest is the test harness the RFC 7748 functions share
// (curve25519's X25519, curve448's X448): readers for the vector files the
// packages copy into their testdata (Wycheproof's xdh_comp JSON, pyca's
// NIST-style RFC 7748 files), the §5.2 iteration, and the §6 Diffie–Hellman
// example. It is imported by tests only.
package xdhtest

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// Func is an RFC 7748 function: X25519 or X448.
type Func func(scalar, point []byte) ([]byte, error)

// Hex decodes s or fails the test.
func Hex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// Case is one Wycheproof xdh_comp case, decoded.
type Case struct {
	ID                   int
	Comment, Result      string
	Flags                []string
	Public, Private, Out []byte
}

// HasFlag reports whether c carries flag.
func (c *Case) HasFlag(flag string) bool {
	for _, f := range c.Flags {
		if f == flag {
			return true
		}
	}
	return false
}

// WycheproofFile is the part of Wycheproof's xdh_comp, xdh_asn_comp and
// xdh_pem_comp schemas the tests read. Public and Private are hex in the
// first two, PEM in the third.
type WycheproofFile struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		Curve string `json:"curve"`
		Tests []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Flags   []string `json:"flags"`
			Public  string   `json:"public"`
			Private string   `json:"private"`
			Shared  string   `json:"shared"`
			Result  string   `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// ReadWycheproof reads the Wycheproof file at path, or fails the test.
func ReadWycheproof(t testing.TB, path string) *WycheproofFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file WycheproofFile
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &file
}

// Wycheproof runs every case of the Wycheproof xdh_comp file at path, whose
// groups must all be for curve, through f: "valid" and "acceptable" cases
// must give the listed shared secret, except those flagged
// ZeroSharedSecret (all-zero output), which f must refuse, as must it every
// "invalid" case. The file must hold exactly cases cases, at least one of
// them with a zero shared secret. each, if not nil, is called on every case
// for checks of the caller's own (an array API that returns the raw result,
// for example).
func Wycheproof(t *testing.T, path, curve string, cases int, f Func, each func(*Case)) {
	file := ReadWycheproof(t, path)
	n, zeros := 0, 0
	for _, g := range file.TestGroups {
		if g.Curve != curve {
			t.Fatalf("unexpected curve %q", g.Curve)
		}
		for _, tc := range g.Tests {
			n++
			c := &Case{ID: tc.TcID, Comment: tc.Comment, Result: tc.Result, Flags: tc.Flags,
				Public: Hex(t, tc.Public), Private: Hex(t, tc.Private), Out: Hex(t, tc.Shared)}
			got, err := f(c.Private, c.Public)
			switch {
			case c.Result == "invalid":
				if err == nil {
					t.Errorf("tcId %d (%s): invalid case accepted, got %x", c.ID, c.Comment, got)
				}
			case c.Result != "valid" && c.Result != "acceptable":
				t.Fatalf("tcId %d: unexpected result %q", c.ID, c.Result)
			case c.HasFlag("ZeroSharedSecret"):
				zeros++
				if !bytes.Equal(c.Out, make([]byte, len(c.Out))) {
					t.Fatalf("tcId %d: ZeroSharedSecret case with shared %x", c.ID, c.Out)
				}
				if err == nil {
					t.Errorf("tcId %d (%s): accepted a zero shared secret, got %x", c.ID, c.Comment, got)
				}
			default:
				if err != nil || !bytes.Equal(got, c.Out) {
					t.Errorf("tcId %d (%s, %s %v): got %x, %v; want %x", c.ID, c.Comment, c.Result, c.Flags, got, err, c.Out)
				}
			}
			if each != nil {
				each(c)
			}
		}
	}
	if n != file.NumberOfTests || n != cases || zeros == 0 {
		t.Errorf("ran %d cases (%d with a zero secret), file says %d, want %d", n, zeros, file.NumberOfTests, cases)
	}
}

// PyCA runs the NIST-style RFC 7748 vector file at path (pyca/cryptography's
// format: COUNT, INPUT_SCALAR, INPUT_U, OUTPUT_U blocks) through f; the
// file must hold cases vectors.
func PyCA(t *testing.T, path string, cases int, f Func) {
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	cur := map[string]string{}
	n := 0
	check := func() {
		if len(cur) == 0 {
			return
		}
		n++
		got, err := f(Hex(t, cur["INPUT_SCALAR"]), Hex(t, cur["INPUT_U"]))
		if want := Hex(t, cur["OUTPUT_U"]); err != nil || !bytes.Equal(got, want) {
			t.Errorf("COUNT %s: got %x, %v; want %x", cur["COUNT"], got, err, want)
		}
		cur = map[string]string{}
	}
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			check()
		case strings.HasPrefix(line, "#"):
		default:
			key, val, ok := strings.Cut(line, "=")
			if !ok {
				t.Fatalf("bad line %q", line)
			}
			cur[strings.TrimSpace(key)] = strings.TrimSpace(val)
		}
	}
	check()
	if n != cases {
		t.Errorf("ran %d vectors, want %d", n, cases)
	}
}

// Iterated runs the iteration of RFC 7748 §5.2 — k = u = start (size
// bytes), then k, u = f(k, u), k — and checks k against want (hex, keyed
// by iteration count) after 1, 1 000 and, when the environment sets
// CURVEKIT_SLOW=1, 1 000 000 iterations.
func Iterated(t *testing.T, f Func, size int, start byte, want map[int]string) {
	iters := 1000
	if os.Getenv("CURVEKIT_SLOW") == "1" {
		iters = 1000000
	}
	for _, n := range []int{1, 1000, 1000000} {
		if _, ok := want[n]; !ok {
			t.Fatalf("no expected value after %d iterations", n)
		}
	}
	k := make([]byte, size)
	u := make([]byte, size)
	k[0], u[0] = start, start
	for i := 1; i <= iters; i++ {
		r, err := f(k, u)
		if err != nil {
			t.Fatalf("iteration %d: %v", i, err)
		}
		k, u = r, k
		if w, ok := want[i]; ok && hex.EncodeToString(k) != w {
			t.Fatalf("after %d iterations: %x, want %s", i, k, w)
		}
	}
	if iters < 1000000 {
		t.Log("1 000 000-iteration check skipped; set CURVEKIT_SLOW=1 to run it")
	}
}

// DiffieHellman checks an RFC 7748 §6 example: each side's public key
// from its private key and the basepoint, and the shared secret both ways.
func DiffieHellman(t *testing.T, f Func, basepoint []byte, alicePriv, alicePub, bobPriv, bobPub, shared string) {
	aPriv, aPub, bPriv, bPub, s := Hex(t, alicePriv), Hex(t, alicePub), Hex(t, bobPriv), Hex(t, bobPub), Hex(t, shared)
	for _, c := range []struct {
		name       string
		k, u, want []byte
	}{
		{"Alice's public key", aPriv, basepoint, aPub},
		{"Bob's public key", bPriv, basepoint, bPub},
		{"Alice's shared secret", aPriv, bPub, s},
		{"Bob's shared secret", bPriv, aPub, s},
	} {
		got, err := f(c.k, c.u)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%s: got %x, %v; want %x", c.name, got, err, c.want)
		}
	}
}

// Random returns n bytes from crypto/rand or fails the test.
func Random(t testing.TB, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return b
}
