package ed25519_test

import (
	"testing"

	circl "github.com/cloudflare/circl/sign/ed25519"
	voi "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

// benchPeers adds the curve25519-voi and circl sub-benchmarks for op. voi's own default
// verification is cofactored; "voi-stdlib" is its crypto/ed25519-compatible
// (cofactorless) mode, the fair comparison for PolicyDefault.
func benchPeers(b *testing.B, op string) {
	priv := voi.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(voi.PublicKey)
	sig := voi.Sign(priv, benchMsg)
	std := &voi.Options{Verify: voi.VerifyOptionsStdLib}
	zip := &voi.Options{Verify: voi.VerifyOptionsZIP_215}
	loop := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				f()
			}
		})
	}
	switch op {
	case "NewKeyFromSeed":
		loop("voi", func() { voi.NewKeyFromSeed(benchSeed) })
		loop("circl", func() { circl.NewKeyFromSeed(benchSeed) })
	case "Sign":
		cpriv := circl.NewKeyFromSeed(benchSeed)
		loop("voi", func() { voi.Sign(priv, benchMsg) })
		loop("circl", func() { circl.Sign(cpriv, benchMsg) })
	case "Verify":
		if !voi.VerifyWithOptions(pub, benchMsg, sig, std) {
			b.Fatal("voi rejects")
		}
		loop("voi", func() { voi.Verify(pub, benchMsg, sig) })
		loop("voi-stdlib", func() { voi.VerifyWithOptions(pub, benchMsg, sig, std) })
		if !circl.Verify(circl.PublicKey(pub), benchMsg, sig) {
			b.Fatal("circl rejects")
		}
		loop("circl", func() { circl.Verify(circl.PublicKey(pub), benchMsg, sig) })
	case "VerifyPolicy":
		loop("voi-zip215", func() { voi.VerifyWithOptions(pub, benchMsg, sig, zip) })
	case "VerifyExpanded":
		e, err := voi.NewExpandedPublicKey(pub)
		if err != nil {
			b.Fatal(err)
		}
		loop("voi", func() { voi.VerifyExpanded(e, benchMsg, sig) })
		loop("voi-stdlib", func() { voi.VerifyExpandedWithOptions(e, benchMsg, sig, std) })
	}
}

// peerContenders returns voi's and circl's versions of op for
// BenchmarkInterleaved. voi-stdlib is voi in crypto/ed25519-compatible
// (cofactorless) mode; voi's default is cofactored.
func peerContenders(op string) []contender {
	priv := voi.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(voi.PublicKey)
	sig := voi.Sign(priv, benchMsg)
	cpriv := circl.NewKeyFromSeed(benchSeed)
	std := &voi.Options{Verify: voi.VerifyOptionsStdLib}
	zip := &voi.Options{Verify: voi.VerifyOptionsZIP_215}
	e, _ := voi.NewExpandedPublicKey(pub)
	switch op {
	case "NewKeyFromSeed":
		return []contender{
			{Name: "voi", F: func() { voi.NewKeyFromSeed(benchSeed) }},
			{Name: "circl", F: func() { circl.NewKeyFromSeed(benchSeed) }}}
	case "Sign":
		return []contender{
			{Name: "voi", F: func() { voi.Sign(priv, benchMsg) }},
			{Name: "circl", F: func() { circl.Sign(cpriv, benchMsg) }}}
	case "Verify", "VerifyStrict":
		return []contender{
			{Name: "voi-stdlib", F: func() { voi.VerifyWithOptions(pub, benchMsg, sig, std) }},
			{Name: "voi", F: func() { voi.Verify(pub, benchMsg, sig) }},
			{Name: "circl", F: func() { circl.Verify(circl.PublicKey(pub), benchMsg, sig) }}}
	case "VerifyZIP215":
		return []contender{{Name: "voi-zip215", F: func() { voi.VerifyWithOptions(pub, benchMsg, sig, zip) }}}
	case "VerifyExpanded":
		return []contender{
			{Name: "voi-stdlib", F: func() { voi.VerifyExpandedWithOptions(e, benchMsg, sig, std) }},
			{Name: "voi", F: func() { voi.VerifyExpanded(e, benchMsg, sig) }}}
	}
	return nil
}
