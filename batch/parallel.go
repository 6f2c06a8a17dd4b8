package batch

import (
	"io"
	"sync"
)

// Options configures a Verifier made with [NewVerifierWithOptions].
type Options struct {
	// Workers is the number of goroutines Verify spreads a large batch
	// over. 0 and 1 mean the calling goroutine only (as a Verifier made
	// with NewVerifier does); a negative value is treated as 0.
	//
	// With w > 1 workers, Verify cuts the entries into up to w contiguous
	// chunks of at least 64 entries (fewer chunks for a smaller batch; a
	// batch below 128 entries runs on one goroutine). Each chunk is
	// decoded, checked against the policy's encoding rules, given its
	// random coefficients and verified by its own batch equation and
	// bisection, on its own goroutine; rand need not be safe for
	// concurrent use, as Verify lets one goroutine read it at a time. A
	// chunk's equation is the one a batch of just its entries would have
	// (same coefficient set for its size, same 2^-128 bound), so every
	// entry gets the same answer as with Workers = 0: its single
	// verification's. The work is parallel only as far as GOMAXPROCS
	// allows, and w above GOMAXPROCS only adds goroutines. The parallel
	// path allocates a little per call (goroutines and per-chunk buffers).
	// With w > 1, Add copies the message and leaves the challenge hash to
	// Verify, which computes it on the entry's chunk goroutine; the
	// Verifier then holds a copy of every message until Reset.
	Workers int
}

// NewVerifierWithOptions returns an empty Verifier configured by opts (nil
// means the zero Options), with room for capacity entries as
// [NewVerifierWithCapacity] has.
func NewVerifierWithOptions(capacity int, opts *Options) *Verifier {
	v := NewVerifierWithCapacity(capacity)
	if opts != nil && opts.Workers > 1 {
		v.workers = opts.Workers
	}
	return v
}

// minChunk is the fewest entries a parallel chunk gets: below about 64
// entries per equation the multi-scalar multiplication's cost per term
// rises steeply (Straus' table and doubling chain are per equation), and a
// goroutine's start and join cost a few microseconds.
const minChunk = 64

// chunks returns the number of goroutines Verify uses for n entries.
func (w *workspace) chunks(workers, n int) int {
	least := minChunk
	if w.minChunk > 0 {
		least = w.minChunk // tests make small batches parallel
	}
	c := min(workers, n/least)
	return max(c, 1)
}

// verifyParallel is Verify's work on c > 1 goroutines: entry chunk i,
// entries[i·n/c : (i+1)·n/c], uses the slots of the same indices, through
// a workspace of its own that views those parts of w's buffers.
func (w *workspace) verifyParallel(entries []entry, msgs []byte, c int, rand io.Reader, valid []bool) {
	n := len(entries)
	subs := make([]workspace, c)
	lo := make([]int, c+1)
	for i := range subs {
		lo[i+1] = (i + 1) * n / c
		subs[i] = workspace{
			workBufs:    w.view(lo[i], lo[i+1]),
			useSubgroup: w.useSubgroup,
			denseOnly:   w.denseOnly,
		}
	}
	// rand is read by one goroutine at a time; each chunk draws its
	// coefficients as a batch of its own would.
	src := &lockedReader{r: rand}
	parallel(c, func(i int) {
		s := &subs[i]
		for e := lo[i]; e < lo[i+1]; e++ {
			if !entries[e].wellFormed {
				continue
			}
			entries[e].challenge(msgs)
			if s.classify(&entries[e], e) == verdictSingle {
				valid[e] = singleVerify(&entries[e])
			}
		}
		if s.m == 1 {
			valid[s.idx[0]] = s.singleSlot(0)
		} else if s.m > 1 {
			s.finishBatched(s.drawCoefficients(src), valid)
		}
	})
}

// lockedReader serializes the reads of r, which need not be safe for
// concurrent use.
type lockedReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (l *lockedReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}

// view returns buffers for slots lo … hi−1 of w's: the slot arrays are
// w's own, the multi-scalar multiplication's argument lists are new.
func (b *workBufs) view(lo, hi int) *workBufs {
	m := hi - lo
	r := max(16, sparseBytes)
	return &workBufs{
		idx:  b.idx[lo:hi],
		pR:   b.pR[lo:hi],
		pA:   b.pA[lo:hi],
		s:    b.s[lo:hi],
		k:    b.k[lo:hi],
		z:    b.z[lo:hi],
		zs:   b.zs[lo:hi],
		zk:   b.zk[lo:hi],
		rnd:  b.rnd[r*lo : r*hi],
		msmS: make([]*scalar, 2*m+1),
		msmP: make([]*point, 2*m+1),
	}
}

// parallel runs f(0) … f(c−1) on c goroutines, f(0) on the caller's, and
// returns when all are done.
func parallel(c int, f func(i int)) {
	var wg sync.WaitGroup
	wg.Add(c - 1)
	for i := 1; i < c; i++ {
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	f(0)
	wg.Wait()
}
