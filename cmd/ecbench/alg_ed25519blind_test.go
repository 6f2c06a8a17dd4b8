package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
)

// The reference blinding peer reproduces C tor's vector, and its blinded
// signatures verify under the blinded key with crypto/ed25519.
func TestReferenceBlindingTorVector(t *testing.T) {
	b, err := os.ReadFile("testdata/hs_blinding.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Vectors []struct {
			Pub       string `json:"identity_public_key"`
			Expanded  string `json:"identity_expanded_secret_key"`
			Period    uint64 `json:"time_period_num"`
			PeriodLen uint64 `json:"time_period_length_minutes"`
			H         string `json:"blinding_param_h"`
			BPub      string `json:"blinded_public_key"`
			BExpanded string `json:"blinded_expanded_secret_key"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	x := func(s string) []byte {
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, v := range doc.Vectors {
		pub, expanded := x(v.Pub), x(v.Expanded)
		if h := torBlindingFactor(pub, v.Period, v.PeriodLen); !bytes.Equal(h[:], x(v.H)) {
			t.Errorf("h = %x, want %s", h, v.H)
		}
		bpub, err := refBlinder.blindPublic(pub, v.Period, v.PeriodLen)
		if err != nil || !bytes.Equal(bpub, x(v.BPub)) {
			t.Errorf("blinded public key %x, %v; want %s", bpub, err, v.BPub)
		}
		bexp, bpub2, err := refBlinder.blindKeypair(expanded, pub, v.Period, v.PeriodLen)
		if err != nil || !bytes.Equal(bexp, x(v.BExpanded)) || !bytes.Equal(bpub2, x(v.BPub)) {
			t.Errorf("blinded key pair %x %x, %v", bexp, bpub2, err)
		}
		msg := []byte("blinded message")
		sign, err := refBlinder.newSigner(bexp, bpub2)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := sign(msg)
		if err != nil || !ed25519.Verify(bpub2, msg, sig) {
			t.Errorf("blinded signature does not verify: %v", err)
		}
		if ed25519.Verify(pub, msg, sig) {
			t.Error("blinded signature verifies under the unblinded key")
		}
	}
	if _, err := refBlinder.blindPublic(make([]byte, 31), 1, 1); err == nil {
		t.Error("short public key accepted")
	}
}
