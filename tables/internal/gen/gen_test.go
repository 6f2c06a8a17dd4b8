package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedUpToDate regenerates the tables and fails on any difference
// with the committed file.
func TestGeneratedUpToDate(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../zz_generated_edwards25519.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("zz_generated_edwards25519.go is stale: run go generate ./tables")
	}
}

// TestBasepoint checks the reference arithmetic against the RFC 8032
// encoding of B and the group order: ℓ·B must be the identity (0, 1).
func TestBasepoint(t *testing.T) {
	B := basepoint()
	enc := le32(B.y)
	enc[31] |= byte(B.x.Bit(0) << 7)
	want := "5866666666666666666666666666666666666666666666666666666666666666"
	if got := bytesHex(enc); got != want {
		t.Fatalf("B = %s, want %s", got, want)
	}
	// ℓ = 2^252 + 27742317777372353535851937790883648493, double-and-add.
	l, _ := new(bigInt).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	acc := point{newInt(0), newInt(1)}
	for i := l.BitLen() - 1; i >= 0; i-- {
		acc = add(acc, acc)
		if l.Bit(i) == 1 {
			acc = add(acc, B)
		}
	}
	if acc.x.Sign() != 0 || acc.y.Cmp(newInt(1)) != 0 {
		t.Fatal("ℓ·B is not the identity")
	}
}
