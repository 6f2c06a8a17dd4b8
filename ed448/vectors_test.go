package ed448

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

type rfcVector struct {
	secret, public, message, signature []byte
	context                            string
}

// readRFC parses the NIST-style KEY = value files of testdata/rfc.
func readRFC(t *testing.T, name string) []rfcVector {
	t.Helper()
	f, err := os.Open("testdata/rfc/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []rfcVector
	var cur *rfcVector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if k == "COUNT" {
			out = append(out, rfcVector{})
			cur = &out[len(out)-1]
			continue
		}
		b, err := hex.DecodeString(v)
		if err != nil {
			t.Fatal(err)
		}
		switch k {
		case "SECRET":
			cur.secret = b
		case "PUBLIC":
			cur.public = b
		case "MESSAGE":
			cur.message = b
		case "CONTEXT":
			cur.context = string(b)
		case "SIGNATURE":
			cur.signature = b
		default:
			t.Fatalf("unknown key %q", k)
		}
	}
	return out
}

var allPolicies = []Policy{PolicyDefault, PolicyOpenSSL, PolicyStrict}

func TestRFC8032(t *testing.T) {
	for _, file := range []struct {
		name  string
		ph    bool
		count int
	}{{"Ed448_rfc8032.txt", false, 9}, {"Ed448ph_rfc8032.txt", true, 2}} {
		vs := readRFC(t, file.name)
		if len(vs) != file.count {
			t.Fatalf("%s: %d vectors, want %d", file.name, len(vs), file.count)
		}
		withCtx := 0
		for i, v := range vs {
			priv := NewKeyFromSeed(v.secret)
			if !bytes.Equal(priv[SeedSize:], v.public) {
				t.Errorf("%s #%d: public key %x", file.name, i, priv[SeedSize:])
			}
			sign, scheme := Sign, ED448
			if file.ph {
				sign, scheme = SignPh, ED448Ph
			}
			if sig := sign(priv, v.message, v.context); !bytes.Equal(sig, v.signature) {
				t.Errorf("%s #%d: signature %x", file.name, i, sig)
			}
			for _, p := range allPolicies {
				opts := SignerOptions{Scheme: scheme, Context: v.context, Policy: p}
				if !VerifyAny(v.public, v.message, v.signature, opts) {
					t.Errorf("%s #%d: %v rejects", file.name, i, p)
				}
				opts.Context += "x"
				if VerifyAny(v.public, v.message, v.signature, opts) {
					t.Errorf("%s #%d: %v accepts under another context", file.name, i, p)
				}
			}
			// The other variant must reject.
			other := SignerOptions{Scheme: ED448 + ED448Ph - scheme, Context: v.context}
			if VerifyAny(v.public, v.message, v.signature, other) {
				t.Errorf("%s #%d: accepted as the other variant", file.name, i)
			}
			if v.context != "" {
				withCtx++
			}
		}
		if withCtx != 1 {
			t.Errorf("%s: %d vectors with context", file.name, withCtx)
		}
	}
}

type wycheproofFile struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		PublicKey struct {
			PK string `json:"pk"`
		} `json:"publicKey"`
		Tests []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Flags   []string `json:"flags"`
			Msg     string   `json:"msg"`
			Sig     string   `json:"sig"`
			Result  string   `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestWycheproof(t *testing.T) {
	data, err := os.ReadFile("testdata/wycheproof/ed448_test.json")
	if err != nil {
		t.Fatal(err)
	}
	var f wycheproofFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range f.TestGroups {
		pk, _ := hex.DecodeString(g.PublicKey.PK)
		for _, tc := range g.Tests {
			n++
			msg, _ := hex.DecodeString(tc.Msg)
			sig, _ := hex.DecodeString(tc.Sig)
			var want bool
			switch tc.Result {
			case "valid":
				want = true
			case "invalid":
			default:
				t.Fatalf("tcId %d: result %q", tc.TcID, tc.Result)
			}
			for _, p := range allPolicies {
				if got := VerifyAny(pk, msg, sig, SignerOptions{Policy: p}); got != want {
					t.Errorf("tcId %d (%s %v): %v = %v, want %v", tc.TcID, tc.Comment, tc.Flags, p, got, want)
				}
			}
		}
	}
	if n != f.NumberOfTests || n != 87 {
		t.Fatalf("ran %d cases, file says %d", n, f.NumberOfTests)
	}
}
