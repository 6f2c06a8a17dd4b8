package batch

import (
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
)

// The adversarial agreement corpus: generated, deterministic edge cases on
// which Ed25519 verifiers are known to disagree. Every case is checked
// against single verification (ed25519.VerifyWithOptions) under every
// policy.

// TestSmallOrderPoints checks the table: eight distinct points, each of
// small order, each its own canonical encoding.
func TestSmallOrderPoints(t *testing.T) {
	for i, enc := range batchtest.SmallOrderEncodings {
		p, err := new(curve25519.Point).SetCanonicalBytes(enc[:])
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if p.IsSmallOrder() != 1 {
			t.Errorf("%d: not of small order", i)
		}
		if [32]byte(p.Bytes()) != enc {
			t.Errorf("%d: not canonical", i)
		}
		for j := range i {
			if p.Equal(batchtest.MustPoint(t, batchtest.SmallOrderEncodings[j][:])) == 1 {
				t.Errorf("%d equals %d", i, j)
			}
		}
	}
}

// setWant records single verification's answers (computed once: it is the
// slow part of the test).
func setWant(entries []batchtest.Entry) {
	for i := range entries {
		for _, p := range allPolicies {
			entries[i].Want[p] = singleResult(&entries[i], p)
		}
		entries[i].WantSet = true
	}
}

var allPolicies = []ed25519.Policy{ed25519.PolicyDefault, ed25519.PolicyZIP215, ed25519.PolicyStrict}

func singleResult(e *batchtest.Entry, p ed25519.Policy) bool {
	o := e.Opts
	o.Policy = p
	return ed25519.VerifyWithOptions(e.Pub, e.Msg, e.Sig, &o) == nil
}

// checkAgreement runs entries (entry i under policy pol[i]) as one batch and
// compares with single verification entry by entry.
func checkAgreement(t *testing.T, entries []batchtest.Entry, pol []ed25519.Policy, subgroup bool, rng *rand.Rand) {
	t.Helper()
	v := NewVerifier()
	v.work.method = methodFor(subgroup)
	want := make([]bool, len(entries))
	allOK := len(entries) > 0
	for i := range entries {
		e := &entries[i]
		o := e.Opts
		o.Policy = pol[i]
		v.AddWithOptions(e.Pub, e.Msg, e.Sig, &o)
		want[i] = e.Want[pol[i]]
		allOK = allOK && want[i]
	}
	ok, valid := v.Verify(rngReader{rng})
	if ok != allOK {
		t.Errorf("ok = %v, want %v", ok, allOK)
	}
	for i := range entries {
		if valid[i] != want[i] {
			t.Errorf("entry %d (%s) under %v: batch %v, single %v", i, entries[i].Name, pol[i], valid[i], want[i])
		}
	}
}

// methodFor forces the subgroup method on or off.
func methodFor(subgroup bool) cofactorlessMethod {
	if subgroup {
		return methodSubgroup
	}
	return methodSingle
}

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }

// rngReader adapts a math/rand generator to io.Reader for reproducible
// coefficients in tests.
type rngReader struct{ r *rand.Rand }

func (r rngReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.r.Uint32())
	}
	return len(p), nil
}

func TestCorpusAgreement(t *testing.T) {
	corpus := batchtest.GenCorpus(t, !testing.Short())
	setWant(corpus)
	// The corpus must exercise the disagreements it is for.
	var zipOnly, defaultOnly, strictRejects, sZero int
	for i := range corpus {
		e := &corpus[i]
		d, z, s := e.Want[ed25519.PolicyDefault], e.Want[ed25519.PolicyZIP215], e.Want[ed25519.PolicyStrict]
		if z && !d {
			zipOnly++
		}
		if d && !z {
			defaultOnly++
		}
		if d && !s {
			strictRejects++
		}
		if z && [32]byte(e.Sig[32:]) == [32]byte{} {
			sZero++
		}
	}
	t.Logf("corpus: %d entries; ZIP215-only accepts %d, Default accepts Strict rejects %d, S=0 accepted %d",
		len(corpus), zipOnly, strictRejects, sZero)
	if zipOnly == 0 || strictRejects == 0 || sZero == 0 {
		t.Fatal("corpus does not exercise the policy differences")
	}
	if defaultOnly != 0 {
		t.Errorf("%d entries accepted by PolicyDefault but not PolicyZIP215", defaultOnly)
	}

	rng := rand.New(rand.NewPCG(3, 4))
	honest := batchtest.HonestEntries(t, 8, rng)
	setWant(honest)
	for _, subgroup := range []bool{false, true} {
		for _, p := range allPolicies {
			checkAgreement(t, corpus, samePolicy(len(corpus), p), subgroup, rng)
			// Small batches: a few corpus entries among honest ones.
			// Without the subgroup method only PolicyZIP215 batches,
			// so the other policies add nothing there.
			if !subgroup && p != ed25519.PolicyZIP215 {
				continue
			}
			const chunk = 6
			for start := 0; start < len(corpus); start += chunk {
				end := min(start+chunk, len(corpus))
				mixed := append(append([]batchtest.Entry{}, honest[:rng.IntN(len(honest)/2)]...), corpus[start:end]...)
				rng.Shuffle(len(mixed), func(i, j int) { mixed[i], mixed[j] = mixed[j], mixed[i] })
				checkAgreement(t, mixed, samePolicy(len(mixed), p), subgroup, rng)
			}
		}
		// Mixed policies in one batch.
		pol := make([]ed25519.Policy, len(corpus))
		for i := range pol {
			pol[i] = allPolicies[rng.IntN(3)]
		}
		checkAgreement(t, corpus, pol, subgroup, rng)
	}
	// The automatic choice (the corpus is above subgroupThreshold).
	v := NewVerifier()
	for i := range corpus {
		o := corpus[i].Opts
		o.Policy = ed25519.PolicyDefault
		v.AddWithOptions(corpus[i].Pub, corpus[i].Msg, corpus[i].Sig, &o)
	}
	_, valid := v.Verify(nil)
	if !v.work.useSubgroup {
		t.Error("automatic choice did not pick the subgroup method")
	}
	for i := range corpus {
		if valid[i] != corpus[i].Want[ed25519.PolicyDefault] {
			t.Errorf("auto: entry %d (%s): batch %v, single %v", i, corpus[i].Name, valid[i], !valid[i])
		}
	}
}
