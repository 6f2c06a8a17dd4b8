package batch_test

import (
	stded25519 "crypto/ed25519"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
	"github.com/hdevalence/ed25519consensus"
	voied "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

// TestDifferentialPeers compares with ed25519consensus and curve25519-voi
// batch verifiers under ZIP-215: the same accept/reject on random batches
// mixing honest signatures, corrupted ones and the corpus's pure-Ed25519
// edge cases, and voi's per-entry vector.
func TestDifferentialPeers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var edge []batchtest.Entry
	for _, e := range batchtest.GenCorpus(t, false) {
		if e.Opts == (ed25519.Options{}) {
			edge = append(edge, e)
		}
	}
	honest := batchtest.HonestEntries(t, 60, rng)
	var pure []batchtest.Entry
	for _, e := range honest {
		if e.Opts == (ed25519.Options{}) {
			pure = append(pure, e)
		}
	}
	voiOpts := &voied.Options{Verify: voied.VerifyOptionsZIP_215}
	rounds := 150
	if testing.Short() {
		rounds = 40
	}
	for r := 0; r < rounds; r++ {
		n := 1 + rng.IntN(12)
		entries := make([]batchtest.Entry, n)
		for i := range entries {
			switch x := rng.IntN(10); {
			case x < 5:
				entries[i] = pure[rng.IntN(len(pure))]
			case x < 7:
				entries[i] = batchtest.Corrupt(pure[rng.IntN(len(pure))], rng)
			default:
				entries[i] = edge[rng.IntN(len(edge))]
			}
		}
		v := batch.NewVerifier()
		cv := ed25519consensus.NewBatchVerifier()
		vv := voied.NewBatchVerifier()
		for _, e := range entries {
			v.AddWithOptions(e.Pub, e.Msg, e.Sig, &ed25519.Options{Policy: ed25519.PolicyZIP215})
			cv.Add(stded25519.PublicKey(e.Pub), e.Msg, e.Sig)
			vv.AddWithOptions(voied.PublicKey(e.Pub), e.Msg, e.Sig, voiOpts)
		}
		ok, valid := v.Verify(nil)
		if c := cv.Verify(); c != ok {
			t.Fatalf("round %d: ours %v, ed25519consensus %v", r, ok, c)
		}
		vok, vvalid := vv.Verify(nil)
		if vok != ok {
			t.Fatalf("round %d: ours %v, voi %v", r, ok, vok)
		}
		for i := range valid {
			if valid[i] != vvalid[i] {
				t.Fatalf("round %d entry %d (%s): ours %v, voi %v", r, i, entries[i].Name, valid[i], vvalid[i])
			}
			if s := ed25519consensus.Verify(stded25519.PublicKey(entries[i].Pub), entries[i].Msg, entries[i].Sig); s != valid[i] {
				t.Fatalf("round %d entry %d (%s): ours %v, ed25519consensus.Verify %v", r, i, entries[i].Name, valid[i], s)
			}
		}
	}
	// The empty batch: all three say false.
	ok, valid := batch.NewVerifier().Verify(nil)
	cv := ed25519consensus.NewBatchVerifier()
	vok, _ := voied.NewBatchVerifier().Verify(nil)
	if ok || cv.Verify() || vok || valid == nil || len(valid) != 0 {
		t.Errorf("empty batch: ours %v %v, consensus %v, voi %v", ok, valid, cv.Verify(), vok)
	}
}
