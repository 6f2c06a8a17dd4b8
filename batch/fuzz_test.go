package batch

import (
	"crypto"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
)

// FuzzVerify puts one arbitrary (key, message, signature, options) entry
// between two honest signatures and checks that the batch agrees with
// single verification on all three, under the policy the input picks, with
// and without the subgroup method.
func FuzzVerify(f *testing.F) {
	h := batchtest.HonestEntries(f, 2, newTestRand(27))
	for _, e := range batchtest.GenCorpus(f, false)[:24] {
		f.Add(e.Pub, e.Msg, e.Sig, byte(1), "")
	}
	f.Add(h[0].Pub, h[0].Msg, h[0].Sig, byte(0), "")
	f.Add([]byte{}, []byte{}, []byte{}, byte(2), "ctx")
	f.Add(h[0].Pub, make([]byte, 64), h[0].Sig, byte(0x12), "")
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte, flags byte, ctx string) {
		opts := ed25519.Options{Policy: ed25519.Policy(flags % 4), Context: ctx}
		if flags&0x10 != 0 {
			opts.Hash = crypto.SHA512
		}
		for _, sub := range []bool{false, true} {
			v := NewVerifier()
			v.work.method = methodFor(sub)
			o0 := h[0].Opts
			o0.Policy = opts.Policy % 3
			v.AddWithOptions(h[0].Pub, h[0].Msg, h[0].Sig, &o0)
			v.AddWithOptions(pub, msg, sig, &opts)
			o1 := h[1].Opts
			v.AddWithOptions(h[1].Pub, h[1].Msg, h[1].Sig, &o1)
			ok, valid := v.Verify(nil)
			want := ed25519.VerifyWithOptions(pub, msg, sig, &opts) == nil
			if !valid[0] || !valid[2] || valid[1] != want || ok != want {
				t.Fatalf("subgroup=%v: valid %v ok %v, single %v", sub, valid, ok, want)
			}
		}
	})
}
