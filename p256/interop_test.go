package p256

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	"errors"
)

// fromStdPrivate converts a crypto/ecdsa or crypto/ecdh private key.
func fromStdPrivate(k any) (*PrivateKey, error) {
	switch k := k.(type) {
	case *ecdsa.PrivateKey:
		return FromECDSA(k)
	case *ecdh.PrivateKey:
		return FromECDH(k)
	}
	return nil, errors.New("not an EC key")
}
