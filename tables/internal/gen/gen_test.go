package main

import (
	"bytes"
	"math/big"
	"os"
	"testing"
)

// TestGeneratedUpToDate regenerates the tables of every curve and fails on
// any difference with the committed file.
func TestGeneratedUpToDate(t *testing.T) {
	for name, c := range curves {
		want, err := c.generate()
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile("../../zz_generated_" + name + ".go")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("zz_generated_%s.go is stale: run go generate ./tables", name)
		}
	}
}

// mulOrder returns n·q by double-and-add on the reference law.
func mulOrder(c *curve, n *big.Int, q point) point {
	acc := identity()
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
// ℓ·B must be the identity and 2·B must differ from it. The curve is not in
// curves yet: its table shape is for the edwards448 package to choose.
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
