package tables

import (
	"bytes"
	"math/big"
	"os"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

// TestGeneratedUpToDate regenerates the tables of every curve and fails on
// any difference with the committed file.
func TestGeneratedUpToDate(t *testing.T) {
	for name, c := range curves {
		want, err := c.generate()
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile("../../../tables/zz_generated_" + name + ".go")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("zz_generated_%s.go is stale: run go generate ./...", name)
		}
	}
}

// mulOrder returns n·q by double-and-add on the reference law.
func mulOrder(c *curve, n *big.Int, q point) point {
	acc := c.zero()
	for i := n.BitLen() - 1; i >= 0; i-- {
		acc = c.add(acc, acc)
		if n.Bit(i) == 1 {
			acc = c.add(acc, q)
		}
	}
	return acc
}

func isIdentity(q point) bool { return q.x.Sign() == 0 && q.y.Cmp(big.NewInt(1)) == 0 }

// TestEdwards25519 checks the reference arithmetic against the RFC 8032
// encoding of B and the group order: ℓ·B must be the identity (0, 1).
func TestEdwards25519(t *testing.T) {
	c := curves["edwards25519"]
	B := c.base
	enc := c.encodeCoord(B.y)
	enc[31] |= byte(B.x.Bit(0) << 7)
	want := "5866666666666666666666666666666666666666666666666666666666666666"
	if got := bytesHex(enc); got != want {
		t.Fatalf("B = %s, want %s", got, want)
	}
	l, _ := new(bigInt).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	if !c.onCurve(B) || !isIdentity(mulOrder(c, l, B)) || l.BitLen() != c.orderBits {
		t.Fatal("ℓ·B is not the identity")
	}
}

// TestEdwards448Law checks that the parameterised law serves an untwisted
// curve too: edwards448 (x² + y² = 1 − 39081·x²·y² over GF(2^448 − 2^224 −
// 1), RFC 8032 §5.2 and its basepoint, transcribed from the RFC), where
// ℓ·B must be the identity and 2·B must differ from it, and that the
// generated curve's basepoint is the RFC's.
func TestEdwards448Law(t *testing.T) {
	p := new(big.Int).Lsh(big.NewInt(1), 448)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224)).Sub(p, big.NewInt(1))
	c := &curve{p: p, a: big.NewInt(1), d: new(big.Int).Sub(p, big.NewInt(39081)), coordBytes: 57}
	x, _ := new(bigInt).SetString("224580040295924300187604334099896036246789641632564134246125461686950415467406032909029192869357953282578032075146446173674602635247710", 10)
	y, _ := new(bigInt).SetString("298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733982303233503462500531545062832660", 10)
	B := point{x, y}
	if !c.onCurve(B) {
		t.Fatal("B not on edwards448")
	}
	if q := c.pointWithY(y, x.Bit(0)); q.x.Cmp(x) != 0 {
		t.Fatal("pointWithY does not recover B's x")
	}
	l := new(big.Int).Lsh(big.NewInt(1), 446)
	k, _ := new(bigInt).SetString("13818066809895115352007386748515426880336692474882178609894547503885", 10)
	l.Sub(l, k)
	if !isIdentity(mulOrder(c, l, B)) || isIdentity(c.add(B, B)) {
		t.Fatal("ℓ·B is not the identity on edwards448")
	}
	g := curves["edwards448"]
	if g.p.Cmp(p) != 0 || g.d.Cmp(c.d) != 0 || g.a.Cmp(c.a) != 0 || g.base.x.Cmp(x) != 0 || g.base.y.Cmp(y) != 0 ||
		g.orderBits != l.BitLen() {
		t.Fatal("curves[\"edwards448\"] is not RFC 8032's curve and basepoint")
	}
	// The comb's step and the second odd table's point: 2^224·B ≠ B.
	if high := mulOrder(g, new(big.Int).Lsh(big.NewInt(1), 224), B); high.x.Cmp(x) == 0 {
		t.Fatal("2^224·B = B")
	}
}

// TestP256 checks the Weierstrass law on P-256 (SEC 2 §2.4.2, transcribed
// here in decimal from FIPS 186-4 §D.1.2.3, independently of the hex in
// main.go): G is on the curve, n·G is the point at infinity, (n−1)·G = −G,
// and 2·G matches the tangent computed directly.
func TestP256(t *testing.T) {
	c := curves["p256"]
	dec := func(s string) *big.Int {
		v, ok := new(big.Int).SetString(s, 10)
		if !ok {
			t.Fatal("bad constant")
		}
		return v
	}
	p := dec("115792089210356248762697446949407573530086143415290314195533631308867097853951")
	n := dec("115792089210356248762697446949407573529996955224135760342422259061068512044369")
	b := dec("41058363725152142129326129780047268409114441015993725554835256314039467401291")
	gx := dec("48439561293906451759052585252797914202762949526041747995844080717082404635286")
	gy := dec("36134250956749795798585127919587881956611106672985015071877198253568414405109")
	if c.p.Cmp(p) != 0 || c.b.Cmp(b) != 0 || c.base.x.Cmp(gx) != 0 || c.base.y.Cmp(gy) != 0 ||
		c.a.Cmp(new(big.Int).Sub(p, big.NewInt(3))) != 0 || c.orderBits != n.BitLen() {
		t.Fatal("curves[\"p256\"] is not P-256")
	}
	G := c.base
	if !c.onCurve(G) {
		t.Fatal("G not on P-256")
	}
	if q := mulOrder(c, n, G); q.x != nil {
		t.Fatal("n·G is not the point at infinity")
	}
	m := mulOrder(c, new(big.Int).Sub(n, big.NewInt(1)), G)
	if m.x.Cmp(G.x) != 0 || new(big.Int).Add(m.y, G.y).Cmp(p) != 0 {
		t.Fatal("(n−1)·G ≠ −G")
	}
	// 2G by the tangent: λ = (3x² − 3)/(2y).
	l := new(big.Int).Mul(G.x, G.x)
	l.Sub(l, big.NewInt(1)).Mul(l, big.NewInt(3))
	l.Mul(l, new(big.Int).ModInverse(new(big.Int).Lsh(G.y, 1), p)).Mod(l, p)
	x2 := new(big.Int).Mul(l, l)
	x2.Sub(x2, new(big.Int).Lsh(G.x, 1)).Mod(x2, p)
	if d := c.add(G, G); d.x.Cmp(x2) != 0 || !c.onCurve(d) {
		t.Fatal("G + G is not the tangent doubling")
	}
}

// TestEncodeCoord checks both byte orders of the coordinate encoding (SEC 1
// curves such as P-256 are big-endian).
func TestEncodeCoord(t *testing.T) {
	v := big.NewInt(0x0102)
	le := (&curve{coordBytes: 4}).encodeCoord(v)
	be := (&curve{coordBytes: 4, bigEndian: true}).encodeCoord(v)
	if !bytes.Equal(le, []byte{2, 1, 0, 0}) || !bytes.Equal(be, []byte{0, 0, 1, 2}) {
		t.Fatalf("little-endian %x, big-endian %x", le, be)
	}
}

// TestRegistryCurves checks every registry curve with the reference law,
// so that a new registry entry is checked before its tables are used: the
// generator is on the curve, order·G is the neutral element and 2·G is
// not.
func TestRegistryCurves(t *testing.T) {
	for _, rc := range registry.Curves {
		c := curves[rc.Name]
		G := c.base
		if !c.onCurve(G) {
			t.Errorf("%s: G is not on the curve", rc.Name)
			continue
		}
		neutral := func(q point) bool {
			if c.weierstrass {
				return q.x == nil
			}
			return isIdentity(q)
		}
		if !neutral(mulOrder(c, rc.Order(), G)) || neutral(c.add(G, G)) {
			t.Errorf("%s: the order of G is not the registry's", rc.Name)
		}
	}
}
