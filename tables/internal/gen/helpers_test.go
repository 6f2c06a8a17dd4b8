package main

import (
	"encoding/hex"
	"math/big"
)

type bigInt = big.Int

func newInt(v int64) *big.Int { return big.NewInt(v) }

func bytesHex(b []byte) string { return hex.EncodeToString(b) }
