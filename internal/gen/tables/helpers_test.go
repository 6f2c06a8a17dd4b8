package tables

import (
	"encoding/hex"
	"math/big"
)

type bigInt = big.Int

func bytesHex(b []byte) string { return hex.EncodeToString(b) }
