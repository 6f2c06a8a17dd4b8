package p384

import (
	"compress/gzip"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"
)

func loadGzipJSON(t *testing.T, name string, v any) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(zr).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func unhexT(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type wpECDSAFile struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		PublicKey struct {
			Uncompressed string `json:"uncompressed"`
		} `json:"publicKey"`
		PublicKeyDer string `json:"publicKeyDer"`
		Sha          string `json:"sha"`
		Tests        []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Flags   []string `json:"flags"`
			Msg     string   `json:"msg"`
			Sig     string   `json:"sig"`
			Result  string   `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestWycheproofECDSA(t *testing.T) {
	for _, name := range []string{
		"ecdsa_secp384r1_sha384_test.json.gz",
		"ecdsa_secp384r1_sha384_p1363_test.json.gz",
	} {
		t.Run(name, func(t *testing.T) {
			var f wpECDSAFile
			loadGzipJSON(t, name, &f)
			p1363 := contains(name, "p1363")
			n, shamir := 0, 0
			for _, g := range f.TestGroups {
				pub, err := NewPublicKey(unhexT(t, g.PublicKey.Uncompressed))
				if err != nil {
					t.Fatalf("public key: %v", err)
				}
				if g.PublicKeyDer != "" {
					pkix, err := ParsePKIXPublicKey(unhexT(t, g.PublicKeyDer))
					if err != nil || !pkix.Equal(pub) {
						t.Errorf("publicKeyDer: %v, or not the group's key", err)
					}
				}
				for _, tc := range g.Tests {
					n++
					if hasFlag(tc.Flags, "EdgeCaseShamirMultiplication") {
						shamir++
					}
					msg := unhexT(t, tc.Msg)
					if g.Sha != "SHA-384" {
						t.Fatalf("hash %s", g.Sha)
					}
					h := sha512.Sum384(msg)
					digest := h[:]
					sig := unhexT(t, tc.Sig)
					var got bool
					if p1363 {
						got = VerifyP1363(pub, digest, sig)
					} else {
						got = VerifyASN1(pub, digest, sig)
					}
					if want := tc.Result == "valid"; got != want && tc.Result != "acceptable" {
						t.Errorf("tc %d (%s %v): got %v, want %s", tc.TcID, tc.Comment, tc.Flags, got, tc.Result)
					}
				}
			}
			if n != f.NumberOfTests {
				t.Errorf("ran %d tests, file has %d", n, f.NumberOfTests)
			}
			// The "edge case for Shamir multiplication" vector (an
			// intermediate u1·G + u2·Q sum hits an exceptional case).
			if shamir == 0 {
				t.Error("no EdgeCaseShamirMultiplication vector ran")
			}
		})
	}
}

func hasFlag(flags []string, f string) bool {
	for _, g := range flags {
		if g == f {
			return true
		}
	}
	return false
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

type wpECDHFile struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		Curve    string `json:"curve"`
		Encoding string `json:"encoding"`
		Tests    []struct {
			TcID    int             `json:"tcId"`
			Comment string          `json:"comment"`
			Flags   []string        `json:"flags"`
			Public  json.RawMessage `json:"public"`
			Private json.RawMessage `json:"private"`
			Shared  string          `json:"shared"`
			Result  string          `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func scalarFromHex(t *testing.T, s string) []byte {
	t.Helper()
	k := new(big.Int).SetBytes(unhexT(t, s))
	if k.BitLen() > 384 {
		t.Fatalf("private key %s too long", s)
	}
	return k.FillBytes(make([]byte, 48))
}

func jwkCoord(v string) ([]byte, bool) {
	b, err := base64.RawURLEncoding.DecodeString(v)
	return b, err == nil && len(b) == 48
}

func TestWycheproofECDH(t *testing.T) {
	for _, name := range []string{
		"ecdh_secp384r1_test.json.gz",
		"ecdh_secp384r1_ecpoint_test.json.gz",
		"ecdh_secp384r1_webcrypto_test.json.gz",
	} {
		t.Run(name, func(t *testing.T) {
			var f wpECDHFile
			loadGzipJSON(t, name, &f)
			n := 0
			for _, g := range f.TestGroups {
				for _, tc := range g.Tests {
					n++
					var priv *PrivateKey
					var pub *PublicKey
					var err error
					switch g.Encoding {
					case "asn", "ecpoint":
						var pubHex, privHex string
						if err := json.Unmarshal(tc.Public, &pubHex); err != nil {
							t.Fatal(err)
						}
						if err := json.Unmarshal(tc.Private, &privHex); err != nil {
							t.Fatal(err)
						}
						if priv, err = NewPrivateKey(scalarFromHex(t, privHex)); err != nil {
							t.Fatalf("tc %d: private key: %v", tc.TcID, err)
						}
						if g.Encoding == "asn" {
							pub, err = ParsePKIXPublicKey(unhexT(t, pubHex))
						} else {
							pub, err = NewPublicKey(unhexT(t, pubHex))
						}
					case "webcrypto":
						var pj, sj struct{ Kty, Crv, X, Y, D string }
						if err := json.Unmarshal(tc.Public, &pj); err != nil {
							t.Fatal(err)
						}
						if err := json.Unmarshal(tc.Private, &sj); err != nil {
							t.Fatal(err)
						}
						d, ok := jwkCoord(sj.D)
						if !ok {
							t.Fatalf("tc %d: private JWK", tc.TcID)
						}
						if priv, err = NewPrivateKey(d); err != nil {
							t.Fatalf("tc %d: private key: %v", tc.TcID, err)
						}
						x, okx := jwkCoord(pj.X)
						y, oky := jwkCoord(pj.Y)
						if pj.Kty != "EC" || pj.Crv != "P-384" || !okx || !oky {
							err = errEncoding
						} else {
							pub, err = NewPublicKey(append(append([]byte{4}, x...), y...))
						}
					default:
						t.Fatalf("encoding %s", g.Encoding)
					}
					var shared []byte
					if err == nil {
						shared, err = priv.ECDH(pub)
					}
					switch tc.Result {
					case "valid":
						if err != nil {
							t.Errorf("tc %d (%s %v): %v", tc.TcID, tc.Comment, tc.Flags, err)
						} else if hex.EncodeToString(shared) != tc.Shared {
							t.Errorf("tc %d (%s): shared %x, want %s", tc.TcID, tc.Comment, shared, tc.Shared)
						}
					case "invalid":
						if err == nil {
							t.Errorf("tc %d (%s %v): accepted", tc.TcID, tc.Comment, tc.Flags)
						}
					case "acceptable":
						if err == nil && hex.EncodeToString(shared) != tc.Shared {
							t.Errorf("tc %d (%s): shared %x, want %s", tc.TcID, tc.Comment, shared, tc.Shared)
						}
					}
				}
			}
			if n != f.NumberOfTests {
				t.Errorf("ran %d tests, file has %d", n, f.NumberOfTests)
			}
		})
	}
}
