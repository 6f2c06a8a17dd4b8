package curve448

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"os"
	"strings"
	"testing"

	circl "github.com/cloudflare/circl/dh/x448"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func randomBytes(t testing.TB, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestX448Wycheproof runs every case of Wycheproof's x448_test.json: valid
// and acceptable cases must give the listed shared secret, except the
// all-zero ones (flag ZeroSharedSecret), which X448 refuses; the invalid
// cases (57-byte public keys) must be refused.
func TestX448Wycheproof(t *testing.T) {
	data, err := os.ReadFile("testdata/x448_wycheproof_test.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
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
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	n, zeros, invalid := 0, 0, 0
	for _, g := range file.TestGroups {
		if g.Curve != "curve448" {
			t.Fatalf("unexpected curve %q", g.Curve)
		}
		for _, tc := range g.Tests {
			n++
			pub, priv, want := mustHex(t, tc.Public), mustHex(t, tc.Private), mustHex(t, tc.Shared)
			got, err := X448(priv, pub)
			zeroShared := false
			for _, f := range tc.Flags {
				zeroShared = zeroShared || f == "ZeroSharedSecret"
			}
			switch {
			case tc.Result == "invalid":
				invalid++
				if err == nil {
					t.Errorf("tcId %d (%s): accepted, got %x", tc.TcID, tc.Comment, got)
				}
			case zeroShared:
				zeros++
				if !bytes.Equal(want, make([]byte, 56)) {
					t.Fatalf("tcId %d: ZeroSharedSecret with shared %x", tc.TcID, want)
				}
				if err == nil {
					t.Errorf("tcId %d (%s): accepted a zero shared secret", tc.TcID, tc.Comment)
				}
			case tc.Result == "valid" || tc.Result == "acceptable":
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("tcId %d (%s, %v): got %x, %v; want %x", tc.TcID, tc.Comment, tc.Flags, got, err, want)
				}
			default:
				t.Fatalf("tcId %d: unexpected result %q", tc.TcID, tc.Result)
			}
		}
	}
	if n != file.NumberOfTests || n != 510 || zeros == 0 || invalid != 12 {
		t.Errorf("ran %d cases (%d zero, %d invalid), file says %d", n, zeros, invalid, file.NumberOfTests)
	}
}

// TestX448RFC7748Vectors checks the §5.2 vectors from pyca's data file.
func TestX448RFC7748Vectors(t *testing.T) {
	f, err := os.Open("testdata/x448_rfc7748_pyca.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kv := map[string]string{}
	n := 0
	check := func() {
		if len(kv) == 0 {
			return
		}
		n++
		got, err := X448(mustHex(t, kv["INPUT_SCALAR"]), mustHex(t, kv["INPUT_U"]))
		if err != nil || hex.EncodeToString(got) != kv["OUTPUT_U"] {
			t.Errorf("COUNT %s: got %x, %v; want %s", kv["COUNT"], got, err, kv["OUTPUT_U"])
		}
		clear(kv)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			check()
			continue
		}
		if k, v, ok := strings.Cut(line, " = "); ok {
			kv[k] = v
		}
	}
	check()
	if n != 3 {
		t.Errorf("ran %d vectors, want 3", n)
	}
}

// TestX448RFC7748Iterated runs the §5.2 iteration (k, u = X448(k, u), k)
// from k = u = 5: 1 000 steps, or 1 000 000 with CURVEKIT_SLOW=1. The
// values are transcribed from RFC 7748 §5.2 (see testdata/SOURCE.md).
func TestX448RFC7748Iterated(t *testing.T) {
	const (
		after1    = "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113"
		after1000 = "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38"
		after1M   = "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37"
	)
	iters := 1000
	if testing.Short() {
		iters = 100
	}
	if os.Getenv("CURVEKIT_SLOW") == "1" {
		iters = 1000000
	}
	k := make([]byte, 56)
	u := make([]byte, 56)
	k[0], u[0] = 5, 5
	want := map[int]string{1: after1, 1000: after1000, 1000000: after1M}
	for i := 1; i <= iters; i++ {
		r, err := X448(k, u)
		if err != nil {
			t.Fatalf("iteration %d: %v", i, err)
		}
		k, u = r, k
		if w, ok := want[i]; ok && hex.EncodeToString(k) != w {
			t.Fatalf("after %d iterations: %x, want %s", i, k, w)
		}
	}
	if iters < 1000000 {
		t.Logf("ran %d iterations; set CURVEKIT_SLOW=1 for 1 000 000", iters)
	}
}

// TestX448RFC7748DiffieHellman checks the §6.2 example, transcribed from
// RFC 7748 (see testdata/SOURCE.md).
func TestX448RFC7748DiffieHellman(t *testing.T) {
	alicePriv := mustHex(t, "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b")
	alicePub := mustHex(t, "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0")
	bobPriv := mustHex(t, "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d")
	bobPub := mustHex(t, "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609")
	shared := mustHex(t, "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d")
	for _, c := range []struct {
		name       string
		k, u, want []byte
	}{
		{"Alice's public key", alicePriv, Basepoint, alicePub},
		{"Bob's public key", bobPriv, Basepoint, bobPub},
		{"Alice's shared secret", alicePriv, bobPub, shared},
		{"Bob's shared secret", bobPriv, alicePub, shared},
	} {
		got, err := X448(c.k, c.u)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%s: got %x, %v; want %x", c.name, got, err, c.want)
		}
	}
}

func TestX448BadLengths(t *testing.T) {
	k, u := randomBytes(t, 56), randomBytes(t, 56)
	for _, n := range []int{0, 32, 55, 57, 112} {
		if _, err := X448(make([]byte, n), u); err != errScalarLen {
			t.Errorf("scalar of %d bytes: err = %v", n, err)
		}
		if _, err := X448(k, make([]byte, n)); err != errPointLen {
			t.Errorf("point of %d bytes: err = %v", n, err)
		}
	}
	if _, err := X448(nil, nil); err == nil {
		t.Error("nil inputs accepted")
	}
}

// p448 is 2^448 − 2^224 − 1.
var p448 = new(big.Int).Sub(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 448), new(big.Int).Lsh(big.NewInt(1), 224)), big.NewInt(1))

func leBytes(x *big.Int) []byte {
	b := x.FillBytes(make([]byte, 56))
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// TestX448LowOrder checks that the low-order u-coordinates (0, 1 and p−1,
// and their non-canonical aliases p and p+1) give an error whatever the
// scalar, as the all-zero output.
func TestX448LowOrder(t *testing.T) {
	for _, u := range []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(p448, big.NewInt(1)), p448, new(big.Int).Add(p448, big.NewInt(1))} {
		for range 4 {
			if got, err := X448(randomBytes(t, 56), leBytes(u)); err != errLowOrder {
				t.Errorf("u = %v: got %x, %v; want the low-order error", u, got, err)
			}
		}
	}
}

// TestX448NonCanonical checks that u ≥ p is reduced: u + p and u give the
// same result for every u < 2^448 − p.
func TestX448NonCanonical(t *testing.T) {
	lim := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 448), p448)
	for _, u := range []*big.Int{big.NewInt(2), big.NewInt(5), new(big.Int).Sub(lim, big.NewInt(1)), new(big.Int).Rsh(lim, 1)} {
		k := randomBytes(t, 56)
		want, err1 := X448(k, leBytes(u))
		got, err2 := X448(k, leBytes(new(big.Int).Add(u, p448)))
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			t.Errorf("u = %v: X448(u + p) = %x, %v; X448(u) = %x, %v", u, got, err2, want, err1)
		}
	}
}

// TestX448Differential compares X448 with circl's dh/x448 on random
// scalars and points, on the basepoint, and on points that are themselves
// results (which lie on the curve).
func TestX448Differential(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 30
	}
	for i := range n {
		k := randomBytes(t, 56)
		var u []byte
		switch i % 3 {
		case 0:
			u = randomBytes(t, 56) // on the curve or its twist
		case 1:
			u = Basepoint
		default:
			var err error
			if u, err = X448(randomBytes(t, 56), Basepoint); err != nil {
				t.Fatal(err)
			}
		}
		got, err := X448(k, u)
		var ck, cu, cout circl.Key
		copy(ck[:], k)
		copy(cu[:], u)
		ok := circl.Shared(&cout, &ck, &cu)
		if !ok {
			if err == nil {
				t.Errorf("k=%x u=%x: circl refuses, X448 gives %x", k, u, got)
			}
			continue
		}
		if err != nil || !bytes.Equal(got, cout[:]) {
			t.Errorf("k=%x u=%x: got %x, %v; circl %x", k, u, got, err, cout)
		}
	}
}

// TestX448InputsUnchanged checks that X448 does not write to its inputs
// (the scalar is clamped in a copy).
func TestX448InputsUnchanged(t *testing.T) {
	k := bytes.Repeat([]byte{0xff}, 56)
	u := randomBytes(t, 56)
	k0, u0 := bytes.Clone(k), bytes.Clone(u)
	X448(k, u)
	X448(k, Basepoint)
	if !bytes.Equal(k, k0) || !bytes.Equal(u, u0) || !bytes.Equal(Basepoint, basepointBytes[:]) {
		t.Error("X448 modified its inputs")
	}
}

func TestX448Allocations(t *testing.T) {
	k, u := randomBytes(t, 56), randomBytes(t, 56)
	var dst [56]byte
	if n := testing.AllocsPerRun(10, func() {
		if _, err := xdh(&dst, k, u); err != nil {
			t.Fatal(err)
		}
		if _, err := xdh(&dst, k, Basepoint); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("xdh allocates %v times, want 0", n)
	}
}
