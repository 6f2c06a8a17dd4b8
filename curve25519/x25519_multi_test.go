package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

// TestX25519Multi compares X25519Multi with X25519 pair by pair on mixes of
// the basepoint, random curve and twist points, the X25519 edge inputs and
// low-order points, for batch sizes 0 to 9, with the fe64 assembly ladder
// (where the CPU has it) and with the field25519 ladder.
func TestX25519Multi(t *testing.T) {
	for _, asm := range []bool{true, false} {
		if asm && !ladder64On() {
			continue
		}
		testX25519Multi(t, asm)
	}
}

func testX25519Multi(t *testing.T, asm bool) {
	scalars, points := x25519EdgeInputs(t)
	var lowOrder [][]byte
	for _, h := range smallOrderHex {
		T, _ := new(Point).SetBytes(mustHex(t, h))
		lowOrder = append(lowOrder, T.BytesMontgomery())
	}
	for i := 0; i < 6; i++ {
		points = append(points, xdhtest.Random(t, 32), Basepoint)
		scalars = append(scalars, xdhtest.Random(t, 32))
	}
	pick := func(s [][]byte, i int) []byte { return s[(i*7+3)%len(s)] }
	for n := 0; n <= 9; n++ {
		for round := 0; round < 12; round++ {
			ss, ps := make([][]byte, n), make([][]byte, n)
			for i := range ss {
				ss[i] = pick(scalars, round*n+i)
				ps[i] = pick(points, round*5+i)
				if round%4 == 3 && i == n/2 {
					ps[i] = pick(lowOrder, round+i)
				}
			}
			got, err := x25519Multi(asm, ss, ps)
			wantErr := false
			var want [][]byte
			for i := range ss {
				w, e := X25519(ss[i], ps[i])
				wantErr = wantErr || e != nil
				want = append(want, w)
			}
			if (err != nil) != wantErr {
				t.Fatalf("n=%d round %d: error %v, want error %v", n, round, err, wantErr)
			}
			if err != nil {
				if got != nil {
					t.Fatalf("n=%d: results returned with an error", n)
				}
				continue
			}
			if len(got) != n {
				t.Fatalf("n=%d: %d results", n, len(got))
			}
			for i := range got {
				if !bytes.Equal(got[i], want[i]) {
					t.Fatalf("n=%d round %d, pair %d: %x, want %x", n, round, i, got[i], want[i])
				}
			}
		}
	}
}

func TestX25519MultiErrors(t *testing.T) {
	k := xdhtest.Random(t, 32)
	if _, err := X25519Multi([][]byte{k}, nil); err == nil {
		t.Error("accepted different lengths")
	}
	if _, err := X25519Multi([][]byte{k[:31]}, [][]byte{Basepoint}); err == nil {
		t.Error("accepted a 31-byte scalar")
	}
	if _, err := X25519Multi([][]byte{k}, [][]byte{Basepoint[:31]}); err == nil {
		t.Error("accepted a 31-byte point")
	}
	if r, err := X25519Multi(nil, nil); err != nil || len(r) != 0 {
		t.Errorf("empty input: %v, %v", r, err)
	}
}

// BenchmarkX25519Multi times ntor's relay side (key generation and two
// exchanges with one point) as one X25519Multi call and as three X25519
// calls, beside crypto/ecdh.
func BenchmarkX25519Multi(b *testing.B) {
	y, bk := make([]byte, 32), make([]byte, 32)
	rand.Read(y)
	rand.Read(bk)
	P := randPoint(b)
	X := P.BytesMontgomery()
	b.Run("curvekit-multi", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, err := X25519Multi([][]byte{y, y, bk}, [][]byte{Basepoint, X, X}); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("curvekit-single", func(b *testing.B) {
		var d1, d2, d3 [32]byte
		benchutil.RunCPU(b, func() {
			xdh(&d1, y, Basepoint)
			xdh(&d2, y, X)
			xdh(&d3, bk, X)
		})
	})
	b.Run("ecdh", func(b *testing.B) {
		ky, _ := ecdh.X25519().NewPrivateKey(y)
		kb, _ := ecdh.X25519().NewPrivateKey(bk)
		pub, _ := ecdh.X25519().NewPublicKey(X)
		benchutil.RunCPU(b, func() {
			k, _ := ecdh.X25519().NewPrivateKey(ky.Bytes())
			_ = k.PublicKey().Bytes()
			k.ECDH(pub)
			kb.ECDH(pub)
		})
	})
}
