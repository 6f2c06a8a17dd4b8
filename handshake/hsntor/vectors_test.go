package hsntor

import (
	"bufio"
	"bytes"
	"crypto/sha3"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// readVectors parses a testdata file of "name = hex" lines into records
// separated by blank lines; '#' starts a comment line.
func readVectors(t *testing.T, name string) []map[string][]byte {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var recs []map[string][]byte
	cur := map[string][]byte{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			if len(cur) > 0 {
				recs = append(recs, cur)
				cur = map[string][]byte{}
			}
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		if !ok {
			t.Fatalf("%s: bad line %q", name, line)
		}
		b, err := hex.DecodeString(v)
		if err != nil {
			t.Fatalf("%s: %s: %v", name, k, err)
		}
		cur[k] = b
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cur) > 0 {
		recs = append(recs, cur)
	}
	if len(recs) == 0 {
		t.Fatalf("%s: no vectors", name)
	}
	return recs
}

// TestArtiVector runs arti's hs-ntor test vector (generated with C tor and
// chutney): the INTRODUCE1 cell the client builds with the fixed x, the
// plaintext the service recovers, the RENDEZVOUS1 reply it builds with the
// fixed y, and the key material both sides derive, which must be
// SHAKE-256(NTOR_KEY_SEED ‖ m_hsexpand) for arti's NTOR_KEY_SEED.
func TestArtiVector(t *testing.T) {
	recs := readVectors(t, "arti-hs_ntor.txt")
	v := recs[0]
	svcKey, err := NewPrivateKey(v["ks_hss_ntor"])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(svcKey.PublicKey(), v["kp_hss_ntor"]) {
		t.Fatalf("KP_hss_ntor = %x, want %x", svcKey.PublicKey(), v["kp_hss_ntor"])
	}
	header, body := v["intro_header"], v["intro_body"]
	state, enc, err := ClientHandshake(bytes.NewReader(v["key_x"]), v["kp_hs_ipt_sid"], v["kp_hss_ntor"], v["subcredential"], header, body)
	if err != nil {
		t.Fatal(err)
	}
	if cell := append(append([]byte(nil), header...), enc...); !bytes.Equal(cell, v["cell"]) {
		t.Fatalf("INTRODUCE1 cell:\n got %x\nwant %x", cell, v["cell"])
	}

	svc, err := NewService(svcKey, v["kp_hs_ipt_sid"], v["subcredential"])
	if err != nil {
		t.Fatal(err)
	}
	st, pt, err := svc.Receive(header, enc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pt, body) {
		t.Fatalf("service plaintext %x, want %x", pt, body)
	}
	reply, skeys, err := st.Reply(bytes.NewReader(v["key_y"]))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(reply, v["reply"]) {
		t.Fatalf("RENDEZVOUS1 reply:\n got %x\nwant %x", reply, v["reply"])
	}
	ckeys, err := state.Finish(reply)
	if err != nil {
		t.Fatal(err)
	}
	want := sha3.SumSHAKE256(append(append([]byte(nil), v["ntor_key_seed"]...), "tor-hs-ntor-curve25519-sha3-256-1:hs_key_expand"...), 256)
	for side, k := range map[string]*KeyMaterial{"client": ckeys, "service": skeys} {
		// Read in two pieces: the stream must continue where it stopped.
		a, err := k.Bytes(CircuitKeySize)
		if err != nil {
			t.Fatal(err)
		}
		b, err := k.Bytes(128)
		if err != nil {
			t.Fatal(err)
		}
		if got := append(a, b...); !bytes.Equal(got, want) {
			t.Errorf("%s key material:\n got %x\nwant %x", side, got, want)
		}
	}
}

// TestArtiMAC checks MAC against arti's vectors (from hs_ntor_ref.py).
func TestArtiMAC(t *testing.T) {
	recs := readVectors(t, "arti-hs_ntor.txt")
	n := 0
	for _, v := range recs[1:] {
		var got [MACSize]byte
		mac(&got, v["mac_key"], v["mac_msg"])
		if !bytes.Equal(got[:], v["mac"]) {
			t.Errorf("MAC(%x, %x) = %x, want %x", v["mac_key"], v["mac_msg"], got, v["mac"])
		}
		n++
	}
	if n != 2 {
		t.Fatalf("%d MAC vectors, want 2", n)
	}
}

// TestTorVectors checks the outputs of C tor's hs_ntor_ref.py
// (testdata/gen_tor_ref.py runs it on fixed inputs) and of C tor's
// hs_ntor.c on the same inputs (testdata/tor_hs_ntor_c), which also gives
// hs_ntor_circuit_key_expansion's 128 bytes: ENC_KEY and MAC_KEY of the
// introduction, Y, NTOR_KEY_SEED and AUTH_INPUT_MAC of the rendezvous, and
// the circuit keys, through the public API (the INTRODUCE message is
// recomputed from tor's ENC_KEY and MAC_KEY with the standard library) and
// through introKeys.
func TestTorVectors(t *testing.T) {
	for _, file := range []string{"tor-hs_ntor_ref.txt", "tor-hs_ntor_c.txt"} {
		t.Run(file, func(t *testing.T) { testTorVectors(t, file) })
	}
}

func testTorVectors(t *testing.T, file string) {
	recs := readVectors(t, file)
	if len(recs) != 4 {
		t.Fatalf("%d vectors, want 4", len(recs))
	}
	for i, v := range recs {
		key, err := NewPrivateKey(v["b"])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(key.PublicKey(), v["B"]) {
			t.Fatalf("#%d: B = %x, want %x", i, key.PublicKey(), v["B"])
		}
		header := []byte("INTRODUCE1 header")
		pt := bytes.Repeat([]byte{byte(i)}, 100+i)
		state, enc, err := ClientHandshake(bytes.NewReader(v["x"]), v["auth_key"], v["B"], v["subcredential"], header, pt)
		if err != nil {
			t.Fatal(err)
		}
		wantEnc := append(append([]byte(nil), v["X"]...), refCTR(v["enc_key"], pt)...)
		wantEnc = append(wantEnc, refMAC(v["mac_key"], header, wantEnc)...)
		if !bytes.Equal(enc, wantEnc) {
			t.Errorf("#%d: introduce message\n got %x\nwant %x", i, enc, wantEnc)
		}
		var ik [introKeySize]byte
		var bx, auth, x, b [KeySize]byte
		copy(bx[:], mustX25519(t, v["x"], v["B"]))
		copy(auth[:], v["auth_key"])
		copy(x[:], v["X"])
		copy(b[:], v["B"])
		introKeys(&ik, &bx, &auth, &x, &b, v["subcredential"])
		if !bytes.Equal(ik[:32], v["enc_key"]) || !bytes.Equal(ik[32:], v["mac_key"]) {
			t.Errorf("#%d: intro keys %x, want %x ‖ %x", i, ik, v["enc_key"], v["mac_key"])
		}

		svc, err := NewService(key, v["auth_key"], v["subcredential"])
		if err != nil {
			t.Fatal(err)
		}
		st, got, err := svc.Receive(header, enc)
		if err != nil || !bytes.Equal(got, pt) {
			t.Fatalf("#%d: Receive = %x, %v", i, got, err)
		}
		reply, skeys, err := st.Reply(bytes.NewReader(v["y"]))
		if err != nil {
			t.Fatal(err)
		}
		if want := append(append([]byte(nil), v["Y"]...), v["auth_input_mac"]...); !bytes.Equal(reply, want) {
			t.Errorf("#%d: reply\n got %x\nwant %x", i, reply, want)
		}
		ckeys, err := state.Finish(reply)
		if err != nil {
			t.Fatalf("#%d: Finish: %v", i, err)
		}
		want := sha3.SumSHAKE256(append(append([]byte(nil), v["ntor_key_seed"]...), "tor-hs-ntor-curve25519-sha3-256-1:hs_key_expand"...), CircuitKeySize)
		if ck, ok := v["circuit_keys"]; ok {
			// hs_ntor.c's own expansion.
			want = ck
		} else if file == "tor-hs_ntor_c.txt" {
			t.Fatalf("#%d: no circuit_keys", i)
		}
		for side, k := range map[string]*KeyMaterial{"client": ckeys, "service": skeys} {
			if got, err := k.Bytes(CircuitKeySize); err != nil || !bytes.Equal(got, want) {
				t.Errorf("#%d: %s key material %x, %v; want %x", i, side, got, err, want)
			}
		}
	}
}
