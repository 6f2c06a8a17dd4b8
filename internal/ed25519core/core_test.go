package ed25519core

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

var bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func TestDomainFromOptions(t *testing.T) {
	long := strings.Repeat("c", 256)
	cases := []struct {
		h      crypto.Hash
		ctx    string
		msgLen int
		v      Variant
		wctx   string
		ok     bool
	}{
		{0, "", 5, Pure, "", true},
		{0, "x", 5, Ctx, "x", true},
		{0, long[:255], 0, Ctx, long[:255], true},
		{0, long, 0, 0, "", false},
		{crypto.SHA512, "", 64, Ph, "", true},
		{crypto.SHA512, "y", 64, Ph, "y", true},
		{crypto.SHA512, "", 63, 0, "", false},
		{crypto.SHA512, long, 64, 0, "", false},
		{crypto.SHA256, "", 32, 0, "", false},
	}
	for i, c := range cases {
		v, ctx, err := DomainFromOptions(c.h, c.ctx, c.msgLen)
		if (err == nil) != c.ok || v != c.v || ctx != c.wctx {
			t.Errorf("case %d: got (%v, %q, %v)", i, v, ctx, err)
		}
		v2, ctx2, ok := ValidDomain(c.h, c.ctx, c.msgLen)
		if ok != c.ok || v2 != v || ctx2 != ctx {
			t.Errorf("case %d: ValidDomain disagrees", i)
		}
	}
}

// TestAppendDom checks dom2's layout against RFC 8032 §2: the 32-byte
// prefix, the flag byte, the context length and the context.
func TestAppendDom(t *testing.T) {
	var buf DomBytes
	if len(AppendDom(&buf, Pure, "")) != 0 {
		t.Error("pure Ed25519 has a prefix")
	}
	for _, c := range []struct {
		v    Variant
		flag byte
	}{{Ctx, 0}, {Ph, 1}} {
		ctx := strings.Repeat("z", 255)
		want := append([]byte("SigEd25519 no Ed25519 collisions"), c.flag, 255)
		want = append(want, ctx...)
		if got := AppendDom(&buf, c.v, ctx); !bytes.Equal(got, want) {
			t.Errorf("variant %d: %x", c.v, got)
		}
	}
}

// TestChallenge compares Challenge with SHA-512 and math/big.
func TestChallenge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		R, A := make([]byte, 32), make([]byte, 32)
		M := make([]byte, rng.IntN(300))
		for _, b := range [][]byte{R, A, M} {
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
		}
		v := Variant(i % 3)
		ctx := ""
		if v != Pure {
			ctx = strings.Repeat("q", i)
		}
		var pre []byte
		if v != Pure {
			pre = append([]byte("SigEd25519 no Ed25519 collisions"), byte(v-1), byte(len(ctx)))
			pre = append(pre, ctx...)
		}
		h := sha512.Sum512(bytes.Join([][]byte{pre, R, A, M}, nil))
		le := func(b []byte) *big.Int {
			r := make([]byte, len(b))
			for j := range b {
				r[len(b)-1-j] = b[j]
			}
			return new(big.Int).SetBytes(r)
		}
		want := new(big.Int).Mod(le(h[:]), bigL)
		var k scalar
		Challenge(&k, v, ctx, R, A, M)
		if le(k.Bytes()).Cmp(want) != 0 {
			t.Fatalf("case %d: k = %x", i, k.Bytes())
		}
	}
}

// TestVerifyChallenge checks that VerifyChallenge gives Verify's answer,
// that the half-size and full-size paths agree, and that PolicyDefault
// agrees with crypto/ed25519, on honest and corrupted signatures.
func TestVerifyChallenge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var seed [32]byte
	for i := 0; i < 40; i++ {
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		priv := stded25519.NewKeyFromSeed(seed[:])
		pub := []byte(priv.Public().(stded25519.PublicKey))
		msg := []byte("message")
		sig := stded25519.Sign(priv, msg)
		switch i % 4 {
		case 1:
			sig[rng.IntN(64)] ^= 1 << rng.IntN(8)
		case 2:
			msg = []byte("other")
		}
		std := stded25519.Verify(pub, msg, sig)
		var k scalar
		Challenge(&k, Pure, "", sig[:32], pub, msg)
		for p := PolicyDefault; p <= PolicyStrict+1; p++ {
			var key Key
			if err := key.Set(pub, p == PolicyStrict); err != nil {
				t.Fatal(err)
			}
			e1 := Verify(&key, pub, nil, msg, sig, Pure, "", p, true)
			e2 := Verify(&key, pub, nil, msg, sig, Pure, "", p, false)
			e3 := VerifyChallenge(&key, nil, sig, &k, p, true)
			if e1 != e2 || e1 != e3 {
				t.Fatalf("case %d policy %d: %v %v %v", i, p, e1, e2, e3)
			}
			if p == PolicyStrict+1 && e1 != ErrUnknownPolicy {
				t.Fatalf("unknown policy: %v", e1)
			}
			if p <= PolicyStrict && (e1 == nil) != std {
				t.Fatalf("case %d policy %d: %v, crypto/ed25519 %v", i, p, e1, std)
			}
		}
	}
}

func TestAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	priv := stded25519.NewKeyFromSeed(make([]byte, 32))
	pub := []byte(priv.Public().(stded25519.PublicKey))
	msg := []byte("hello")
	sig := stded25519.Sign(priv, msg)
	var key Key
	if err := key.Set(pub, true); err != nil {
		t.Fatal(err)
	}
	var k scalar
	for _, half := range []bool{false, true} {
		if n := testing.AllocsPerRun(10, func() {
			if Verify(&key, pub, nil, msg, sig, Pure, "", PolicyStrict, half) != nil {
				t.Fatal("rejected")
			}
		}); n != 0 {
			t.Errorf("Verify (halfSize %v): %v allocations", half, n)
		}
	}
	if n := testing.AllocsPerRun(10, func() { Challenge(&k, Ctx, "ctx", sig[:32], pub, msg) }); n != 0 {
		t.Errorf("Challenge: %v allocations", n)
	}
	if n := testing.AllocsPerRun(10, func() { _, _, _ = ValidDomain(crypto.SHA512, "", 3) }); n != 0 {
		t.Errorf("ValidDomain: %v allocations", n)
	}
}
