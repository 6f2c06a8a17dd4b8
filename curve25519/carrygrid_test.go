package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"encoding/binary"
	"encoding/hex"
	"testing"
)

// Limb grids and chosen inputs for the rare carries of the fe64 assembly
// (zz_generated_ladder64_amd64.s): a carry out of a word that is all ones
// after a carry in fires with probability about 2^-64 on random inputs,
// so random tests never reach it, and a mutant that drops it survives them
// (scripts/asmmutate finds such mutants).

// fe64Grid returns every fe64 whose limbs are each taken from limbs.
func fe64Grid(limbs []uint64) []fe64 {
	n := len(limbs)
	out := make([]fe64, 0, n*n*n*n)
	for i := 0; i < n*n*n*n; i++ {
		out = append(out, fe64{limbs[i%n], limbs[i/n%n], limbs[i/(n*n)%n], limbs[i/(n*n*n)]})
	}
	return out
}

// TestFe64Grid compares the assembly with the Go model limb for limb (the
// model is compared with math/big in TestFe64Ops): Mul on every pair of
// the grid of 0, 1, 2^63 and 2^64 − 1, then a grid of ten limbs against
// limbs of 0 and 2^64 − 1, and Sqr and A24Add on the ten-limb grid.
func TestFe64Grid(t *testing.T) {
	if !ladder64HasAsm {
		t.Log("no fe64 assembly in this build or on this CPU: the Go model is compared with itself")
	}
	small := fe64Grid([]uint64{0, 1, 1 << 63, 1<<64 - 1})
	wide := fe64Grid([]uint64{0, 1, 2, 19, 1<<32 - 1, 1<<63 - 1, 1 << 63, 1<<64 - 38, 1<<64 - 2, 1<<64 - 1})
	ones := fe64Grid([]uint64{0, 1<<64 - 1})
	check := func(name string, asm, ref func(v, a, b *fe64), a, b *fe64) {
		var got, want fe64
		asm(&got, a, b)
		ref(&want, a, b)
		if got != want {
			t.Fatalf("%s(%x, %x): asm %x, Go %x", name, *a, *b, got, want)
		}
	}
	for i := range small {
		for j := range small {
			check("Mul", fe64MulAsm, fe64Mul, &small[i], &small[j])
		}
	}
	for i := range wide {
		for j := range ones {
			check("Mul", fe64MulAsm, fe64Mul, &wide[i], &ones[j])
		}
		check("Sqr", func(v, a, _ *fe64) { fe64SqrAsm(v, a) }, func(v, a, _ *fe64) { fe64Sqr(v, a) }, &wide[i], nil)
		check("A24Add", fe64A24AddAsm, fe64A24Add, &wide[i], &wide[len(wide)-1-i])
	}
}

// x25519CarryPoints are u-coordinates for X25519 whose first ladder step
// (the squares of u + 1 and u − 1) reaches rare carries of the fe64
// squaring: the grid of limbs 0, 1, 2^63 and 2^64 − 1 (the top limb below
// 2^63, X25519 ignoring bit 255), and chosen points listed in
// x25519CarryChosen.
func x25519CarryPoints() [][]byte {
	var out [][]byte
	for _, v := range fe64Grid([]uint64{0, 1, 1 << 63, 1<<64 - 1}) {
		for _, top := range []uint64{v[3] >> 1, v[3] & (1<<63 - 1), 1 << 62} {
			u := make([]byte, 32)
			for i := range 3 {
				binary.LittleEndian.PutUint64(u[8*i:], v[i])
			}
			binary.LittleEndian.PutUint64(u[24:], top)
			out = append(out, u)
		}
	}
	for _, h := range x25519CarryChosen {
		u, err := hex.DecodeString(h)
		if err != nil || len(u) != 32 {
			panic("bad x25519CarryChosen entry " + h)
		}
		out = append(out, u)
	}
	return out
}

// x25519CarryChosen are little-endian u-coordinates built for single rare
// carries (see TestX25519CarryPoints).
//
// The first two reach the carry into the top limb of the setup's
// z3 = 121666·(A² − B²) + B² (ladder64Asm's "ADCXQ AX, R12" after the
// a24 products): A² − B² = 4·u, so u = D/4 mod p for a D whose top limb d3
// makes the low word of 121666·d3 fall within 121666 of 2^64
// (d3 = ⌊j·2^64/121666⌋) and whose next limb is near 2^64 − 1; an emulator
// of the generated instructions confirmed the carry for each.
//
// The next two reach the carry into the third word of the same z3 (the CF
// chain's "ADCXQ BX, R10" after hi(121666·d0) + lo(121666·d1)): d0 = 2^64 − 1,
// so hi(121666·d0) = 121665, and d1 = ⌈j·2^64/121666⌉ for a j that puts the low
// word of 121666·d1 within 121665 of 2^64 (j = 5 and 77). The setup holds D or
// D + p, which have the same d1 and a d0 ≥ 2^64 − 20.
var x25519CarryChosen = []string{
	"14e9a829f41f17c3cccba20409c28f74feffffffffffff7f0e19fe4303f8290b",
	"09664c651d41b6036597387abdd37960ffffffffffffff3f1ef0fda915647972",
	"fbffffffffffff3fd7023d9e5eac00000eadb91479d3a9fc4d83a74938992823",
	"fbffffffffffffbfbe2b45eb7d5e0a0014e9a829f41f17c3cccba20441f89126",
}

// TestX25519CarryPoints runs X25519 on x25519CarryPoints, through the
// fe64 assembly directly and through the package API, against crypto/ecdh.
func TestX25519CarryPoints(t *testing.T) {
	scalars := [][]byte{bytes.Repeat([]byte{0x5a}, 32), bytes.Repeat([]byte{0xff}, 32)}
	for _, u := range x25519CarryPoints() {
		for _, k := range scalars {
			priv, err := ecdh.X25519().NewPrivateKey(k)
			if err != nil {
				t.Fatal(err)
			}
			pub, err := ecdh.X25519().NewPublicKey(u)
			if err != nil {
				t.Fatal(err)
			}
			want, werr := priv.ECDH(pub)
			if werr != nil {
				want = make([]byte, 32) // a low-order point: the all-zero output
			}
			var dst, e, point [32]byte
			copy(point[:], u)
			clampScalar(&e, k)
			x25519Ladder64Asm(&dst, &e, &point)
			if !bytes.Equal(dst[:], want) {
				t.Fatalf("fe64 ladder(%x, %x) = %x, crypto/ecdh %x", k, u, dst, want)
			}
			got, err := X25519(k, u)
			if (err != nil) != (werr != nil) || (err == nil && !bytes.Equal(got, want)) {
				t.Fatalf("X25519(%x, %x) = %x, %v; crypto/ecdh %x, %v", k, u, got, err, want, werr)
			}
		}
	}
}
