package curve448

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/xdhtest"
)

// TestX448Wycheproof runs every case of Wycheproof's x448_test.json: valid
// and acceptable cases give the listed shared secret, except the all-zero
// ones, which X448 refuses, as it does the 12 invalid cases (57-byte public
// keys).
func TestX448Wycheproof(t *testing.T) {
	invalid := 0
	xdhtest.Wycheproof(t, "testdata/x448_wycheproof_test.json", "curve448", 510, X448, func(c *xdhtest.Case) {
		if c.Result == "invalid" {
			invalid++
		}
	})
	if invalid != 12 {
		t.Errorf("%d invalid cases, want 12", invalid)
	}
}

// TestX448RFC7748Vectors checks the §5.2 vectors from pyca's data file.
func TestX448RFC7748Vectors(t *testing.T) {
	xdhtest.PyCA(t, "testdata/x448_rfc7748_pyca.txt", 3, X448)
}

// TestX448RFC7748Iterated runs the §5.2 iteration from k = u = 5: 1 000
// steps, or 1 000 000 with CURVEKIT_SLOW=1. The values are transcribed
// from RFC 7748 §5.2 (see testdata/SOURCE.md).
func TestX448RFC7748Iterated(t *testing.T) {
	xdhtest.Iterated(t, X448, 56, 5, map[int]string{
		1:       "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113",
		1000:    "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38",
		1000000: "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37",
	})
}

// TestX448RFC7748DiffieHellman checks the §6.2 example, transcribed from
// RFC 7748 (see testdata/SOURCE.md).
func TestX448RFC7748DiffieHellman(t *testing.T) {
	xdhtest.DiffieHellman(t, X448, Basepoint,
		"9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b",
		"9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0",
		"1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d",
		"3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609",
		"07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d")
}

func TestX448BadLengths(t *testing.T) {
	k, u := xdhtest.Random(t, 56), xdhtest.Random(t, 56)
	for _, n := range []int{0, 32, 55, 57, 112} {
		if _, err := X448(make([]byte, n), u); !errors.Is(err, errScalarLen) {
			t.Errorf("scalar of %d bytes: err = %v", n, err)
		}
		if _, err := X448(k, make([]byte, n)); !errors.Is(err, errPointLen) {
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
			if got, err := X448(xdhtest.Random(t, 56), leBytes(u)); err != errLowOrder {
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
		k := xdhtest.Random(t, 56)
		want, err1 := X448(k, leBytes(u))
		got, err2 := X448(k, leBytes(new(big.Int).Add(u, p448)))
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			t.Errorf("u = %v: X448(u + p) = %x, %v; X448(u) = %x, %v", u, got, err2, want, err1)
		}
	}
}

// TestX448InputsUnchanged checks that X448 does not write to its inputs
// (the scalar is clamped in a copy).
func TestX448InputsUnchanged(t *testing.T) {
	k := bytes.Repeat([]byte{0xff}, 56)
	u := xdhtest.Random(t, 56)
	k0, u0 := bytes.Clone(k), bytes.Clone(u)
	X448(k, u)
	X448(k, Basepoint)
	if !bytes.Equal(k, k0) || !bytes.Equal(u, u0) || !bytes.Equal(Basepoint, basepointBytes[:]) {
		t.Error("X448 modified its inputs")
	}
}
