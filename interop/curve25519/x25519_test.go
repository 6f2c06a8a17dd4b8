package curve25519_test

import (
	"bytes"
	"crypto/ecdh"
	"testing"

	circl "github.com/cloudflare/circl/dh/x25519"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/xdhtest"
	voi "github.com/oasisprotocol/curve25519-voi/primitives/x25519"
)

// x25519EdgeInputs returns scalars and points at the edges of the encodings:
// all-zero and all-one bytes, top bits set, and non-canonical u ≥ p.
func x25519EdgeInputs(t testing.TB) (scalars, points [][]byte) {
	ff := bytes.Repeat([]byte{0xff}, 32)
	zero := make([]byte, 32)
	one := append([]byte{1}, make([]byte, 31)...)
	top := append(make([]byte, 31), 0x80)
	scalars = [][]byte{zero, ff, one, top, xdhtest.Hex(t, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f")}
	points = [][]byte{
		ff, // 2^256 - 1: bit 255 ignored, then 2^255 - 1 = p + 18
		xdhtest.Hex(t, "efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"), // p + 2
		xdhtest.Hex(t, "0200000000000000000000000000000000000000000000000000000000000000"), // u = 2
		xdhtest.Hex(t, "0200000000000000000000000000000000000000000000000000000000000080"), // u = 2, bit 255
		xdhtest.Hex(t, "ebffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"), // p - 2
		append([]byte{9}, make([]byte, 31)...),
		append([]byte{9}, append(make([]byte, 30), 0x80)...), // u = 9 with bit 255: the ladder path
	}
	return scalars, points
}

// x25519Oracles computes X25519 with the independent peers. crypto/ecdh and
// x/crypto share one implementation, so they count as one oracle.
func x25519Oracles(t testing.TB, k, u []byte) map[string][]byte {
	t.Helper()
	res := map[string][]byte{}

	var ck, cu, cs circl.Key
	copy(ck[:], k)
	copy(cu[:], u)
	circl.Shared(&cs, &ck, &cu) // false only for low-order u; cs is computed anyway
	res["circl"] = cs[:]

	var vd, vk, vu [32]byte
	copy(vk[:], k)
	copy(vu[:], u)
	//lint:ignore SA1019 voi's ScalarMult is the peer the result is compared with.
	voi.ScalarMult(&vd, &vk, &vu)
	res["voi"] = vd[:]

	priv, err := ecdh.X25519().NewPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ecdh.X25519().NewPublicKey(u)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := priv.ECDH(pub); err == nil {
		res["crypto/ecdh"] = s
	} else {
		res["crypto/ecdh"] = make([]byte, 32)
	}
	return res
}

func TestX25519Differential(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 20
	}
	scalars, points := x25519EdgeInputs(t)
	type pair struct{ k, u []byte }
	var cases []pair
	for _, k := range scalars {
		for _, u := range points {
			cases = append(cases, pair{k, u})
		}
	}
	for i := 0; i < n; i++ {
		cases = append(cases, pair{xdhtest.Random(t, 32), xdhtest.Random(t, 32)})
	}
	for _, c := range cases {
		got, err := curve25519.X25519(c.k, c.u)
		if err != nil {
			got = make([]byte, 32)
		}
		for name, want := range x25519Oracles(t, c.k, c.u) {
			if !bytes.Equal(got, want) {
				t.Errorf("X25519(%x, %x) = %x, %s says %x", c.k, c.u, got, name, want)
			}
		}
	}
}
