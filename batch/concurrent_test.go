package batch

import (
	"sync"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
)

// TestConcurrentVerifiers runs independent Verifiers from several
// goroutines (they share the scratch-buffer pool and the curve's tables)
// and checks every answer. It is what `go test -race` exercises in CI.
func TestConcurrentVerifiers(t *testing.T) {
	const n = 20
	var pubs []ed25519.PublicKey
	var msgs, sigs [][]byte
	for i := 0; i < n; i++ {
		pub, priv, _ := ed25519.GenerateKey(nil)
		msg := []byte{byte(i), 'm'}
		sig := ed25519.Sign(priv, msg)
		if i%7 == 3 {
			sig[5] ^= 1
		}
		pubs, msgs, sigs = append(pubs, pub), append(msgs, msg), append(sigs, sig)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 4; round++ {
				v := NewVerifier()
				for i := range pubs {
					v.Add(pubs[i], msgs[i], sigs[i])
				}
				ok, valid := v.Verify(nil)
				if ok {
					errs <- "batch with bad entries accepted"
				}
				for i, got := range valid {
					if got != (i%7 != 3) {
						errs <- "wrong per-entry answer"
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
