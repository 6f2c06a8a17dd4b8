// Package handshake holds what curvekit's Tor handshakes share: the errors
// they return for the same failures.
//
// Each handshake package (ntor, ntorv3, hsntor, ace) returns errors that wrap
// these values, so one errors.Is test works whichever handshake produced the
// error. The packages' own error variables of the same names are these values.
package handshake

import "errors"

// Errors shared by the handshake packages. Returned errors wrap them, with the
// package name and the detail (lengths, which key) in the message.
var (
	// ErrInvalidLength means a message, key or argument has the wrong length.
	ErrInvalidLength = errors.New("handshake: wrong length")
	// ErrInvalidPoint means a peer key is not an acceptable point: not on the
	// curve, not canonical, or of low order (for X25519 handshakes, an
	// all-zero shared secret).
	ErrInvalidPoint = errors.New("handshake: invalid or low-order point")
	// ErrWrongRelay means a client message names another relay's identity.
	ErrWrongRelay = errors.New("handshake: message is for another relay")
	// ErrUnknownKey means a client message names an onion key the relay does
	// not hold.
	ErrUnknownKey = errors.New("handshake: unknown onion key")
	// ErrAuthFailed means the peer's authenticator (the server's AUTH, or a
	// client message MAC) did not verify.
	ErrAuthFailed = errors.New("handshake: authentication failed")
	// ErrStateUsed means a handshake state was used twice or never made by
	// its constructor. States are single-use: the first Finish or Reply
	// erases their secrets, whether it succeeded or not.
	ErrStateUsed = errors.New("handshake: state already used or not initialized")
)
