package batch

import (
	cryptorand "crypto/rand"
	"io"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/ed25519core"
)

// entry is one (key, message, signature, options) tuple, reduced at Add time
// to what verification needs: the encodings, the challenge k and the policy.
// It holds no reference to the caller's slices.
type entry struct {
	pub    [32]byte
	sig    [64]byte
	k      scalar
	policy ed25519.Policy
	// wellFormed is false when Add already knows the entry is invalid:
	// wrong lengths, rejected options or an unknown policy.
	wellFormed bool
	// deferred marks an entry of a Verifier with Workers > 1 whose
	// challenge k is not computed yet: Add copied the message to
	// msgs[msgLo:msgHi] instead, so that Verify hashes it on the chunk's
	// goroutine (the hashing is about 5% of a ZIP-215 entry's cost, and
	// on the caller's goroutine it would be serial).
	deferred     bool
	variant      ed25519core.Variant
	ctx          string
	msgLo, msgHi int
}

// Verifier accumulates Ed25519 signatures with [Verifier.Add] and
// [Verifier.AddWithOptions], then checks them all at once with
// [Verifier.Verify].
//
// The zero value is an empty Verifier ready to use. A Verifier is not safe
// for concurrent use. Verify does not consume the entries: calling it again
// checks the same batch with fresh random coefficients; [Verifier.Reset]
// empties the Verifier and keeps its memory for the next batch.
//
// A nil *Verifier fails closed: it has no entries, Add and AddWithOptions
// do nothing, Reset does nothing and Verify returns false.
type Verifier struct {
	entries []entry
	msgs    []byte // the deferred entries' messages (Workers > 1)
	work    workspace
	workers int // Options.Workers
}

// NewVerifier returns an empty Verifier.
func NewVerifier() *Verifier {
	return new(Verifier)
}

// NewVerifierWithCapacity returns an empty Verifier with room for n entries,
// so that adding up to n entries and verifying them allocates nothing but
// the returned []bool. n ≤ 0 is treated as 0.
func NewVerifierWithCapacity(n int) *Verifier {
	v := new(Verifier)
	if n > 0 {
		v.entries = make([]entry, 0, n)
		v.work.grow(n)
		v.work.owned = true
	}
	return v
}

// Len returns the number of entries added since the Verifier was created or
// last Reset.
func (v *Verifier) Len() int {
	if v == nil {
		return 0
	}
	return len(v.entries)
}

// Reset removes every entry, keeping the memory for reuse.
func (v *Verifier) Reset() {
	if v == nil {
		return
	}
	v.entries = v.entries[:0]
	v.msgs = v.msgs[:0]
}

// Add adds an Ed25519 signature sig of message under publicKey, to be
// checked with [ed25519.PolicyDefault], exactly as [ed25519.Verify] checks
// it. ed25519.PublicKey is crypto/ed25519.PublicKey, so keys of either
// package go in as they are.
//
// Add copies what it needs and keeps no reference to its arguments. Inputs of
// the wrong length (including nil) are not an error here: the entry is
// recorded as invalid and Verify reports it false.
func (v *Verifier) Add(publicKey ed25519.PublicKey, message, sig []byte) {
	v.AddWithOptions(publicKey, message, sig, nil)
}

// AddWithOptions adds sig of message under publicKey to be checked as
// [ed25519.VerifyWithOptions] checks it with opts: opts.Hash and opts.Context
// select Ed25519, Ed25519ctx or Ed25519ph, and opts.Policy the verification
// rules. Entries of one batch may use different options. A nil opts means
// the zero Options (pure Ed25519, PolicyDefault).
//
// Option sets that VerifyWithOptions rejects (an unknown hash or policy, a
// context longer than 255 bytes, an Ed25519ph message that is not 64 bytes)
// and inputs of the wrong length record an invalid entry.
func (v *Verifier) AddWithOptions(publicKey ed25519.PublicKey, message, sig []byte, opts *ed25519.Options) {
	if v == nil {
		return
	}
	v.entries = append(v.entries, entry{})
	e := &v.entries[len(v.entries)-1]

	var o ed25519.Options // nil opts: the zero Options
	if opts != nil {
		o = *opts
	}
	// The option rules and the challenge are ed25519.VerifyWithOptions's own.
	variant, ctx, ok := ed25519core.ValidDomain(o.Hash, o.Context, len(message))
	if !ok || o.Policy > ed25519.PolicyStrict ||
		len(publicKey) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		return
	}
	copy(e.pub[:], publicKey)
	copy(e.sig[:], sig)
	e.policy = o.Policy
	e.wellFormed = true
	if v.workers > 1 {
		e.deferred, e.variant, e.ctx = true, variant, ctx
		e.msgLo = len(v.msgs)
		v.msgs = append(v.msgs, message...)
		e.msgHi = len(v.msgs)
		return
	}
	ed25519core.Challenge(&e.k, variant, ctx, sig[:32], publicKey, message)
}

// challenge computes a deferred entry's k from the message copy in msgs.
func (e *entry) challenge(msgs []byte) {
	if e.deferred {
		ed25519core.Challenge(&e.k, e.variant, e.ctx, e.sig[:32], e.pub[:], msgs[e.msgLo:e.msgHi])
		e.deferred = false
	}
}

// Verify checks every entry and returns ok, true only if every entry is a
// valid signature, and valid, with valid[i] the verdict on the i-th entry
// added: the same answer as single verification with that entry's options,
// for every input (see the package documentation for the argument and its
// 2^-128 bound).
//
// rand supplies the random coefficients (16 to about 31 bytes per batched
// entry, fresh on every call); nil means crypto/rand.Reader. If reading from rand fails,
// Verify checks each entry on its own, which is slower but exact.
//
// A Verifier made with [NewVerifierWithOptions] and Options.Workers > 1
// spreads a large batch over that many goroutines, with the same answers.
//
// An empty batch returns false and an empty, non-nil valid, as
// github.com/hdevalence/ed25519consensus returns false: a batch that is
// unexpectedly empty is more likely a bug than a success.
func (v *Verifier) Verify(rand io.Reader) (ok bool, valid []bool) {
	if v == nil {
		return false, []bool{}
	}
	n := len(v.entries)
	valid = make([]bool, n)
	if n == 0 {
		return false, valid
	}
	if rand == nil {
		rand = cryptorand.Reader
	}
	w := &v.work
	w.borrow()
	defer w.giveBack()
	w.grow(n)
	w.reset()
	w.chooseMethod(v.entries)

	if c := w.chunks(v.workers, n); c > 1 {
		w.verifyParallel(v.entries, v.msgs, c, rand, valid)
	} else {
		v.verifySerial(rand, valid)
	}

	ok = true
	for _, b := range valid {
		ok = ok && b
	}
	return ok, valid
}

// verifySerial is Verify's work on the calling goroutine.
func (v *Verifier) verifySerial(rand io.Reader, valid []bool) {
	w := &v.work
	for i := range v.entries {
		e := &v.entries[i]
		if !e.wellFormed {
			continue
		}
		e.challenge(v.msgs)
		if w.classify(e, i) == verdictSingle {
			valid[i] = singleVerify(e)
		}
	}
	if w.m > 0 {
		w.verifyBatched(rand, valid)
	}
}
