package main

import (
	"crypto/ed25519"

	"github.com/hdevalence/ed25519consensus"

	"github.com/curvekit/curvekit/batch"
	cked25519 "github.com/curvekit/curvekit/ed25519"
	voied25519 "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

// Ed25519 batch verification: the cost per signature of verifying a batch of
// n valid signatures by n keys, verifier creation and every Add included.
func init() {
	var ops []Op
	for _, n := range []int{1, 4, 16, 64, 256, 1024} {
		ops = append(ops, Op{Name: "n=" + itoa(n), Items: n, Desc: "batch of " + itoa(n) + " (per-signature figures)"})
	}
	register(&Algorithm{
		Name: "ed25519-batch", Table: TableBatch, Family: "batch verify", Curve: "Ed25519", Bits: 253,
		Ops: ops,
		// PolicyZIP215 (cofactored), the rules voi's and ed25519consensus's
		// batch verifiers apply, so the rows compare the same work.
		Curvekit: batchImpl(curvekitName, batchPkg+" (PolicyZIP215)", func(in *batchInput) bool {
			v := batch.NewVerifierWithCapacity(len(in.pubs))
			for i := range in.pubs {
				v.AddWithOptions(in.pubs[i], in.msgs[i], in.sigs[i], zip215)
			}
			ok, _ := v.Verify(nil)
			return ok
		}),
		Peers: []Impl{
			batchImpl("voi", "github.com/oasisprotocol/curve25519-voi/primitives/ed25519 (BatchVerifier)", func(in *batchInput) bool {
				v := voied25519.NewBatchVerifierWithCapacity(len(in.pubs))
				for i := range in.pubs {
					v.Add(in.pubs[i], in.msgs[i], in.sigs[i])
				}
				ok, _ := v.Verify(nil)
				return ok
			}),
			batchImpl("ed25519consensus", "github.com/hdevalence/ed25519consensus (BatchVerifier)", func(in *batchInput) bool {
				v := ed25519consensus.NewPreallocatedBatchVerifier(len(in.pubs))
				for i := range in.pubs {
					v.Add(ed25519.PublicKey(in.pubs[i]), in.msgs[i], in.sigs[i])
				}
				return v.Verify()
			}),
		},
	})
}

var zip215 = &cked25519.Options{Policy: cked25519.PolicyZIP215}
