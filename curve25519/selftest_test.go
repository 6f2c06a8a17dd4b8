package curve25519

import (
	"crypto/ecdh"
	"math/bits"
	"testing"
)

// TestLadder64Vectors recomputes the ladder self-test's known answers with
// crypto/ecdh, and runs the self-test on the Go model and the assembly.
func TestLadder64Vectors(t *testing.T) {
	for i, v := range ladder64Vectors {
		k, err := ecdh.X25519().NewPrivateKey(v.scalar[:])
		if err != nil {
			t.Fatal(err)
		}
		p, err := ecdh.X25519().NewPublicKey(v.u[:])
		if err != nil {
			t.Fatal(err)
		}
		out, err := k.ECDH(p)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != string(v.out[:]) {
			t.Fatalf("vector %d: crypto/ecdh gives %x, the table has %x", i, out, v.out)
		}
	}
	if !ladder64SelfTest(x25519Ladder64Go) {
		t.Fatal("the Go model fails the ladder self-test")
	}
	if ladder64HasAsm && !ladder64SelfTest(x25519Ladder64Asm) {
		t.Fatal("the assembly fails the ladder self-test")
	}
	if !ladder64Check() {
		t.Fatal("the package's ladder self-test failed")
	}
	if got := FastPathFailures(); got != nil {
		t.Fatalf("FastPathFailures() = %q", got)
	}
}

// faultyLadder returns ladder with one output bit flipped when the input
// u has all-ones upper words (a fault on a carry-heavy input only).
func faultyLadder(ladder func(dst, e, point *[32]byte)) func(dst, e, point *[32]byte) {
	return func(dst, e, point *[32]byte) {
		ladder(dst, e, point)
		if point[31]&0x7f == 0x7f && point[16] == 0xff {
			dst[5] ^= 0x10
		}
	}
}

// TestLadder64SelfTestFault runs the self-test on a ladder with an
// injected fault on carry-heavy inputs: it must fail, the ladder must not
// be selected, and X25519 on the path the package then takes (the
// field25519 ladder) must agree with crypto/ecdh.
func TestLadder64SelfTestFault(t *testing.T) {
	impl := x25519Ladder64Go
	if ladder64HasAsm {
		impl = x25519Ladder64Asm
	}
	bad := faultyLadder(impl)
	if ladder64SelfTest(bad) || ladder64Passes(true, bad) {
		t.Fatal("the self-test passed a faulty ladder")
	}
	if !ladder64Passes(false, bad) {
		t.Fatal("a ladder that does not exist failed")
	}
	scalars, points := x25519Ladder64Inputs(t, 40)
	for i := range scalars {
		var e, got [32]byte
		clampScalar(&e, scalars[i][:])
		ladderMontgomeryBytes(t, &got, &e, points[i][:])
		k, err := ecdh.X25519().NewPrivateKey(scalars[i][:])
		if err != nil {
			t.Fatal(err)
		}
		p, err := ecdh.X25519().NewPublicKey(points[i][:])
		if err != nil {
			t.Fatal(err)
		}
		want, err := k.ECDH(p)
		if err != nil {
			continue // low order: the ladder's all-zero output
		}
		if string(got[:]) != string(want) {
			t.Fatalf("fallback ladder: input %d gives %x, crypto/ecdh %x", i, got, want)
		}
	}
}

// ladderMontgomeryBytes runs the field25519 ladder (the fallback) on the
// clamped e and the encoded u.
func ladderMontgomeryBytes(t *testing.T, dst, e *[32]byte, point []byte) {
	t.Helper()
	var u fieldElement
	if _, err := u.SetBytes(point); err != nil {
		t.Fatal(err)
	}
	ladderMontgomery(dst, e, &u)
}

// BenchmarkSelfTests measures the first-use checks' parts: the ladder's
// known answers, and the entry-by-entry and path checks of the fe64
// forms (on the tables' own forms, which pass).
func BenchmarkSelfTests(b *testing.B) {
	b.Run("ladder64", func(b *testing.B) {
		if !ladder64HasAsm {
			b.Skip("no ladder assembly in this build or on this CPU")
		}
		for b.Loop() {
			ladder64SelfTest(x25519Ladder64Asm)
		}
	})
	bt := baseTables()
	if bt.fixed64 == nil || bt.odd64 == nil {
		b.Skip("no fe64 forms in this build or on this CPU")
	}
	b.Run("comb64Entries", func(b *testing.B) {
		for b.Loop() {
			for i := range bt.fixed64 {
				halvedEntryOK(&bt.fixed64[i], &bt.fixed[i])
			}
		}
	})
	b.Run("comb64Check", func(b *testing.B) {
		c := *bt
		for b.Loop() {
			comb64Check(&c, true)
		}
	})
	b.Run("straus64Check", func(b *testing.B) {
		for b.Loop() {
			straus64Check(bt, fe64GroupAsm)
		}
	})
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			loadBasepointTables(nil)
		}
	})
}

func TestFe64Canonical(t *testing.T) {
	p := fe64{1<<64 - 19, 1<<64 - 1, 1<<64 - 1, 1<<63 - 1}
	pm1 := fe64{1<<64 - 20, 1<<64 - 1, 1<<64 - 1, 1<<63 - 1}
	for _, c := range []struct {
		v    fe64
		want bool
	}{{fe64{}, true}, {pm1, true}, {p, false}, {fe64{0, 0, 0, 1 << 63}, false},
		{fe64{1<<64 - 1, 1<<64 - 1, 1<<64 - 1, 1<<63 - 1}, false}, {fe64{1<<64 - 1, 1<<64 - 1, 1<<64 - 2, 1<<63 - 1}, true}} {
		if got := fe64Canonical(&c.v); got != c.want {
			t.Errorf("fe64Canonical(%x) = %v", c.v, got)
		}
	}
	// A halved entry plus p (the same value, not canonical) is refused.
	bt := baseTables()
	var h comb64Entry
	comb64FromAffine(&h, &bt.fixed[3])
	if !halvedEntryOK(&h, &bt.fixed[3]) {
		t.Fatal("a correct entry refused")
	}
	var c uint64
	h[1][0], c = bits.Add64(h[1][0], p[0], 0)
	h[1][1], c = bits.Add64(h[1][1], p[1], c)
	h[1][2], c = bits.Add64(h[1][2], p[2], c)
	h[1][3], _ = bits.Add64(h[1][3], p[3], c)
	if h[1][3] < 1<<63 { // the entry was small enough for h + p < 2^256
		if halvedEntryOK(&h, &bt.fixed[3]) {
			t.Fatal("a non-canonical entry passed")
		}
	}
}
