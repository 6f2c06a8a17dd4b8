// Package hmacsha256 computes HMAC-SHA256 (RFC 2104) and HKDF-Expand-SHA256
// (RFC 5869 §2.3) without heap allocations, for the key schedules of the
// onion-routing handshakes (handshake/ntor, handshake/ace).
//
// Those schedules MAC concatenations of fixed-size fields under keys that
// are either protocol constants (Tor's t_key, t_verify, t_mac) or a fresh
// 32-byte secret (KEY_SEED, KEY_VERIFY). The package therefore offers:
//
//   - [Key], a key prepared once: the SHA-256 states after the ipad and opad
//     blocks are kept (as crypto/sha256's own marshalled state), so each MAC
//     starts from them instead of hashing the two pad blocks again;
//   - [MAC], for a key used once, which hashes the pad blocks itself and
//     skips the preparation;
//   - [Expand] and [Expander], HKDF-Expand into a caller's buffer or as a
//     stream.
//
// Messages are given as several byte slices, hashed as their concatenation,
// so callers need not lay the message out in one buffer.
//
// # Guarantees
//
// Outputs are byte-identical to crypto/hmac with crypto/sha256 and to
// golang.org/x/crypto/hkdf.Expand (checked by the tests, a fuzz target and
// the RFC 4231 and RFC 5869 vectors). Keys longer than a block (64 bytes)
// are first hashed, as RFC 2104 says. Nothing is allocated on the heap.
// The running time depends only on the lengths of the key and the message
// parts, never on their contents.
//
// # Differences from crypto/hmac
//
// There is no hash.Hash: a MAC is computed in one call. Restoring a
// marshalled SHA-256 state costs less than compressing a pad block, so a
// prepared Key is faster than hashing the pad blocks again, and both are
// faster than crypto/hmac, which allocates (BenchmarkMAC). Preparing a Key
// costs two pad blocks and two marshals, so it pays from its second use;
// [MAC] is the cheaper choice for a key used once.
//
// Secrets left in the standard library's hash state on the stack cannot be
// wiped (Go offers no way to); [Key.Clear] and [Expander.Clear] wipe what
// the package holds.
package hmacsha256
