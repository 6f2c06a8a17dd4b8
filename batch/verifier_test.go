package batch

import (
	"crypto"
	cryptorand "crypto/rand"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
	"github.com/curvekit/curvekit/internal/testenv"
)

// runBatch verifies entries under their options (policy p, or entry i's
// policy pol[i] when pol is non-nil) and checks the results against
// single verification.
func runBatch(t *testing.T, entries []batchtest.Entry, pol []ed25519.Policy, subgroup bool, rng *rand.Rand) []bool {
	t.Helper()
	v := NewVerifierWithCapacity(len(entries) / 2)
	v.work.method = methodFor(subgroup)
	want := make([]bool, len(entries))
	all := len(entries) > 0
	for i := range entries {
		o := entries[i].Opts
		o.Policy = pol[i]
		v.AddWithOptions(entries[i].Pub, entries[i].Msg, entries[i].Sig, &o)
		if entries[i].WantSet {
			want[i] = entries[i].Want[pol[i]]
		} else {
			want[i] = ed25519.VerifyWithOptions(entries[i].Pub, entries[i].Msg, entries[i].Sig, &o) == nil
		}
		all = all && want[i]
	}
	ok, valid := v.Verify(rngReader{rng})
	if ok != all || len(valid) != len(entries) {
		t.Fatalf("ok = %v (len %d), want %v", ok, len(valid), all)
	}
	for i := range want {
		if valid[i] != want[i] {
			t.Fatalf("entry %d (%s, %v): batch %v, single %v", i, entries[i].Name, pol[i], valid[i], want[i])
		}
	}
	return valid
}

func samePolicy(n int, p ed25519.Policy) []ed25519.Policy {
	pol := make([]ed25519.Policy, n)
	for i := range pol {
		pol[i] = p
	}
	return pol
}

func TestHonestBatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pool := batchtest.HonestEntries(t, 300, rng)
	setWant(pool)
	sizes := []int{}
	for n := 1; n <= 300; n++ {
		if !testing.Short() || n <= 8 || n%97 == 0 {
			sizes = append(sizes, n)
		}
	}
	for _, n := range sizes {
		// ZIP215 is the batched path: every size. The others are
		// checked on a sample of sizes (they verify one by one unless
		// the subgroup method is on).
		valid := runBatch(t, pool[:n], samePolicy(n, ed25519.PolicyZIP215), false, rng)
		for i, ok := range valid {
			if !ok {
				t.Fatalf("n=%d: honest entry %d rejected", n, i)
			}
		}
		if n%23 == 1 {
			for _, p := range allPolicies {
				runBatch(t, pool[:n], samePolicy(n, p), true, rng)
			}
		}
	}
}

func TestBadSignatures(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	pool := batchtest.HonestEntries(t, 200, rng)
	setWant(pool)
	sizes := []int{2, 3, 16, 64, 200}
	if testing.Short() {
		sizes = []int{2, 3, 16, 64}
	}
	for _, n := range sizes {
		for _, bad := range []int{1, 2, n / 4, n} {
			if bad < 1 || bad > n {
				continue
			}
			entries := append([]batchtest.Entry{}, pool[:n]...)
			for _, i := range rng.Perm(n)[:bad] {
				entries[i] = batchtest.Corrupt(entries[i], rng)
			}
			runBatch(t, entries, samePolicy(n, ed25519.PolicyZIP215), false, rng)
			if n <= 16 {
				for _, p := range allPolicies {
					runBatch(t, entries, samePolicy(n, p), true, rng)
				}
			}
		}
	}
}

func TestMalformedInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	h := batchtest.HonestEntries(t, 3, rng)
	good := h[0]
	long := make([]byte, 300)
	cases := []struct {
		name          string
		pub, msg, sig []byte
		opts          *ed25519.Options
	}{
		{"nil pub", nil, good.Msg, good.Sig, nil},
		{"short pub", good.Pub[:31], good.Msg, good.Sig, nil},
		{"long pub", append(append([]byte{}, good.Pub...), 0), good.Msg, good.Sig, nil},
		{"nil sig", good.Pub, good.Msg, nil, nil},
		{"short sig", good.Pub, good.Msg, good.Sig[:63], nil},
		{"long sig", good.Pub, good.Msg, append(append([]byte{}, good.Sig...), 0), nil},
		{"all nil", nil, nil, nil, nil},
		{"unknown policy", good.Pub, good.Msg, good.Sig, &ed25519.Options{Policy: 7}},
		{"unknown hash", good.Pub, good.Msg, good.Sig, &ed25519.Options{Hash: crypto.SHA256}},
		{"context too long", good.Pub, good.Msg, good.Sig, &ed25519.Options{Context: string(long)}},
		{"ph context too long", good.Pub, long[:64], good.Sig, &ed25519.Options{Hash: crypto.SHA512, Context: string(long)}},
		{"ph message not 64 bytes", h[2].Pub, h[2].Msg[:63], h[2].Sig, &ed25519.Options{Hash: crypto.SHA512}},
	}
	for _, c := range cases {
		for _, p := range allPolicies {
			v := NewVerifier()
			v.Add(good.Pub, good.Msg, good.Sig)
			opts := c.opts
			if opts != nil {
				o := *opts
				if o.Policy == 0 {
					o.Policy = p
				}
				opts = &o
			}
			v.AddWithOptions(c.pub, c.msg, c.sig, opts)
			ok, valid := v.Verify(nil)
			if ok || !valid[0] || valid[1] {
				t.Errorf("%s (%v): ok %v valid %v", c.name, p, ok, valid)
			}
			single := opts
			if single == nil {
				single = &ed25519.Options{}
			}
			if ed25519.VerifyWithOptions(c.pub, c.msg, c.sig, single) == nil {
				t.Errorf("%s: single verification accepts", c.name)
			}
		}
	}
	// A nil opts is the zero Options.
	v := NewVerifier()
	v.AddWithOptions(good.Pub, good.Msg, good.Sig, nil)
	if ok, _ := v.Verify(nil); !ok {
		t.Error("nil opts rejected an honest signature")
	}
}

func TestEmptyAndReuse(t *testing.T) {
	var v Verifier // the zero value works
	if ok, valid := v.Verify(nil); ok || valid == nil || len(valid) != 0 {
		t.Fatalf("empty: %v %v", ok, valid)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	h := batchtest.HonestEntries(t, 10, rng)
	for _, e := range h {
		o := e.Opts
		o.Policy = ed25519.PolicyZIP215
		v.AddWithOptions(e.Pub, e.Msg, e.Sig, &o)
	}
	for i := 0; i < 2; i++ { // Verify does not consume the batch
		if ok, valid := v.Verify(nil); !ok || len(valid) != 10 {
			t.Fatalf("call %d: %v %v", i, ok, valid)
		}
	}
	bad := batchtest.Corrupt(h[0], rng)
	v.Add(bad.Pub, bad.Msg, bad.Sig) // entries may be added after Verify
	if ok, valid := v.Verify(nil); ok || len(valid) != 11 || valid[10] || !valid[0] {
		t.Fatalf("after Add: %v %v", ok, valid)
	}
	v.Reset()
	if v.Len() != 0 {
		t.Fatal("Reset kept entries")
	}
	if ok, _ := v.Verify(nil); ok {
		t.Fatal("empty after Reset: ok")
	}
	v.Add(h[0].Pub, h[0].Msg, h[0].Sig)
	if ok, valid := v.Verify(nil); !ok || len(valid) != 1 {
		t.Fatalf("after Reset: %v %v", ok, valid)
	}
}

// errReader fails after n bytes; zeroReader yields zeros first.
type errReader struct{ n int }

func (r *errReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, errors.New("no entropy")
	}
	k := min(len(p), r.n)
	cryptorand.Read(p[:k])
	r.n -= k
	return k, nil
}

type zeroFirstReader struct{ zeros int }

func (r *zeroFirstReader) Read(p []byte) (int, error) {
	for i := range p {
		if r.zeros > 0 {
			p[i] = 0
			r.zeros--
		} else {
			p[i] = byte(rand.Uint32() | 1)
		}
	}
	return len(p), nil
}

func TestRandFailure(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	entries := batchtest.HonestEntries(t, 12, rng)
	entries[4] = batchtest.Corrupt(entries[4], rng)
	edge := batchtest.GenCorpus(t, false)
	entries = append(entries, edge[:40]...)
	for _, src := range []func() rngLike{
		func() rngLike { return &errReader{0} },
		func() rngLike { return &errReader{100} },
		func() rngLike { return &zeroFirstReader{32} },
	} {
		v := NewVerifier()
		want := make([]bool, len(entries))
		for i, e := range entries {
			o := e.Opts
			o.Policy = ed25519.PolicyZIP215
			v.AddWithOptions(e.Pub, e.Msg, e.Sig, &o)
			want[i] = ed25519.VerifyWithOptions(e.Pub, e.Msg, e.Sig, &o) == nil
		}
		_, valid := v.Verify(src())
		for i := range want {
			if valid[i] != want[i] {
				t.Fatalf("%T entry %d (%s): %v, want %v", src(), i, entries[i].Name, valid[i], want[i])
			}
		}
	}
}

type rngLike interface{ Read([]byte) (int, error) }

func TestAllocations(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector allocates")
	}
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	rng := rand.New(rand.NewPCG(17, 18))
	entries := batchtest.HonestEntries(t, 64, rng)
	entries[10] = batchtest.Corrupt(entries[10], rng)
	v := NewVerifierWithCapacity(len(entries))
	opts := []ed25519.Options{}
	for _, e := range entries {
		o := e.Opts
		o.Policy = ed25519.PolicyZIP215
		opts = append(opts, o)
	}
	r := rngReader{rng}
	run := func() {
		v.Reset()
		for i, e := range entries {
			v.AddWithOptions(e.Pub, e.Msg, e.Sig, &opts[i])
		}
		v.Verify(r)
	}
	run() // warm: the buffers
	// One allocation: the returned []bool.
	if a := testing.AllocsPerRun(5, run); a > 1 {
		t.Errorf("Add ×64 + Verify (one bad entry): %v allocations, want 1", a)
	}
}
