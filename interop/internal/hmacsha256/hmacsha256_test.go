package hmacsha256_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	mrand "math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/hmacsha256"
	"golang.org/x/crypto/hkdf"
)

// refExpand is golang.org/x/crypto/hkdf's HKDF-Expand.
func refExpand(t testing.TB, prk, info []byte, n int) []byte {
	out := make([]byte, n)
	if _, err := io.ReadFull(hkdf.Expand(sha256.New, prk, info), out); err != nil {
		t.Fatal(err)
	}
	return out
}

func randBytes(r *mrand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestExpandRandom(t *testing.T) {
	r := mrand.New(mrand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		prk := randBytes(r, r.IntN(hmacsha256.BlockSize+20))
		info := randBytes(r, r.IntN(80))
		n := r.IntN(300)
		want := refExpand(t, prk, info, n)
		got := make([]byte, n)
		if err := hmacsha256.Expand(got, prk, info); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Expand(%x, %x, %d) = %x, %v; want %x", prk, info, n, got, err, want)
		}
		// The same stream read in random pieces.
		e := hmacsha256.NewExpander(prk, info)
		got = got[:0]
		for len(got) < n {
			p := make([]byte, min(r.IntN(70), n-len(got)))
			if m, err := e.Read(p); err != nil || m != len(p) {
				t.Fatalf("Read: %d, %v", m, err)
			}
			got = append(got, p...)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("Expander(%x, %x) = %x, want %x", prk, info, got, want)
		}
	}
}

func TestExpandLimit(t *testing.T) {
	prk, info := []byte("prk"), []byte("info")
	want := refExpand(t, prk, info, hmacsha256.MaxExpand)
	all := make([]byte, hmacsha256.MaxExpand)
	if err := hmacsha256.Expand(all, prk, info); err != nil || !bytes.Equal(all, want) {
		t.Fatalf("Expand(MaxExpand): %v, equal %v", err, bytes.Equal(all, want))
	}
	over := make([]byte, hmacsha256.MaxExpand+1)
	if err := hmacsha256.Expand(over, prk, info); !errors.Is(err, hmacsha256.ErrExpandTooLong) {
		t.Fatalf("Expand(MaxExpand+1) = %v", err)
	}
	if !bytes.Equal(over, make([]byte, len(over))) {
		t.Fatal("a failed Expand wrote output")
	}
	// The stream stops at the limit with a short read, and stays there.
	e := hmacsha256.NewExpander(prk, info)
	n, err := e.Read(over)
	if n != hmacsha256.MaxExpand || !errors.Is(err, hmacsha256.ErrExpandTooLong) || !bytes.Equal(over[:n], want) {
		t.Fatalf("Read past the limit: %d, %v", n, err)
	}
	if n, err := e.Read(over[:1]); n != 0 || err == nil {
		t.Fatalf("Read after the limit: %d, %v", n, err)
	}
	if n, err := e.Read(nil); n != 0 || err != nil {
		t.Fatalf("empty Read after the limit: %d, %v", n, err)
	}
	// The zero Expander is the empty PRK with empty info.
	var z hmacsha256.Expander
	zero := make([]byte, 70)
	if _, err := z.Read(zero); err != nil || !bytes.Equal(zero, refExpand(t, nil, nil, 70)) {
		t.Fatalf("zero Expander: %x, %v", zero, err)
	}
	e = hmacsha256.NewExpander(prk, info)
	e.Clear()
	if n, err := e.Read(over[:1]); n != 0 || err == nil {
		t.Fatalf("Read after Clear: %d, %v", n, err)
	}
}

func BenchmarkExpand(b *testing.B) {
	prk := make([]byte, 32)
	info := []byte("ntor-curve25519-sha256-1:key_expand")
	okm := make([]byte, 92)
	b.Run("hmacsha256", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			hmacsha256.Expand(okm, prk, info)
		}
	})
	b.Run("x-crypto-hkdf", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			io.ReadFull(hkdf.Expand(sha256.New, prk, info), okm)
		}
	})
}
