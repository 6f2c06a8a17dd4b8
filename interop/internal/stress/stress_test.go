package stress_test

import (
	"bytes"
	"crypto/ecdh"
	stded25519 "crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
)

const goroutines = 16

func iterations() int {
	if testing.Short() {
		return 2
	}
	return 8
}

func det(i int, tag string) []byte {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s %d", tag, i)))
	return h[:]
}

// run starts goroutines copies of f(g) at once and waits for them.
func run(t *testing.T, f func(g int) error) {
	t.Helper()
	var start, wg sync.WaitGroup
	start.Add(1)
	errs := make(chan error, goroutines)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start.Wait()
			if err := f(g); err != nil {
				errs <- err
			}
		}()
	}
	start.Done()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// firstUse is the work that builds every lazily initialized table of the
// 25519 family: the basepoint tables (fixed-base X25519, Ed25519 signing and
// key generation), the odd-multiples table of verification, and the
// Montgomery-side ladder; each goroutine checks its answers against the
// standard library (circl for Curve448). firstUse448 and firstUseP256 do the
// same for those curves.
func firstUse(g int) error {
	if err := firstUse448(g); err != nil {
		return err
	}
	if err := firstUseP256(g); err != nil {
		return err
	}
	k := det(g, "x25519")
	got, err := curve25519.X25519(k, curve25519.Basepoint)
	priv, _ := ecdh.X25519().NewPrivateKey(k)
	if err != nil || !bytes.Equal(got, priv.PublicKey().Bytes()) {
		return fmt.Errorf("goroutine %d: fixed-base X25519 differs from crypto/ecdh (%v)", g, err)
	}
	seed := det(g, "ed25519")
	sk := ed25519.NewKeyFromSeed(seed)
	ssk := stded25519.NewKeyFromSeed(seed)
	msg := det(g, "msg")
	sig := ed25519.Sign(sk, msg)
	if !bytes.Equal(sig, stded25519.Sign(ssk, msg)) {
		return fmt.Errorf("goroutine %d: Ed25519 signature differs from crypto/ed25519", g)
	}
	if !ed25519.Verify(ed25519.PublicKey(ssk.Public().(stded25519.PublicKey)), msg, sig) {
		return fmt.Errorf("goroutine %d: valid signature rejected", g)
	}
	return nil
}

// TestFirstUseRace runs firstUse in many goroutines as the first thing a
// fresh process does. The parent re-runs this test binary with
// CURVEKIT_STRESS_CHILD set, so that no other test has built the tables.
func TestFirstUseRace(t *testing.T) {
	if os.Getenv("CURVEKIT_STRESS_CHILD") == "1" {
		run(t, firstUse)
		return
	}
	if os.Getenv("CURVEKIT_QEMU_USER") != "" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Log("no child processes here (qemu-user or wasm): racing in this process, where the tables may already be built")
		run(t, firstUse)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestFirstUseRace$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CURVEKIT_STRESS_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("PASS")) {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
