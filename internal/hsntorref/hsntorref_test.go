package hsntorref

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// TestArtiVector checks the reference itself on arti's C-tor-generated
// vector (handshake/hsntor/testdata), so that the differential tests compare
// handshake/hsntor with an oracle known to be right.
func TestArtiVector(t *testing.T) {
	f, err := os.Open("../../handshake/hsntor/testdata/arti-hs_ntor.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v := map[string][]byte{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		k, val, ok := strings.Cut(strings.TrimSpace(sc.Text()), " = ")
		if !ok || strings.HasPrefix(k, "#") {
			continue
		}
		if _, dup := v[k]; dup {
			continue // the MAC vectors after the first record
		}
		if v[k], err = hex.DecodeString(val); err != nil {
			t.Fatal(err)
		}
	}
	hdr, body := v["intro_header"], v["intro_body"]
	c, msg, err := ClientIntro(bytes.NewReader(v["key_x"]), v["kp_hs_ipt_sid"], v["kp_hss_ntor"], v["subcredential"], hdr, body)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(append([]byte(nil), hdr...), msg...), v["cell"]) {
		t.Fatal("INTRODUCE1 cell differs")
	}
	s, err := NewService(v["ks_hss_ntor"], v["kp_hs_ipt_sid"], v["subcredential"])
	if err != nil {
		t.Fatal(err)
	}
	p, pt, err := s.Receive(hdr, msg)
	if err != nil || !bytes.Equal(pt, body) {
		t.Fatalf("Receive: %v", err)
	}
	reply, skeys, err := p.Reply(bytes.NewReader(v["key_y"]), 64)
	if err != nil || !bytes.Equal(reply, v["reply"]) {
		t.Fatalf("Reply %x, %v", reply, err)
	}
	ckeys, err := c.Finish(reply, 64)
	if err != nil || !bytes.Equal(ckeys, skeys) || !bytes.Equal(ckeys, Expand(v["ntor_key_seed"], 64)) {
		t.Fatalf("keys: %v", err)
	}
	if got := MAC([]byte("who"), []byte("knows?")); hex.EncodeToString(got) != "5e7da329630fdaa3eab7498bb1dc625bbb9ca968f10392b6af92d51d5db17473" {
		t.Fatalf("MAC %x", got)
	}
}
