package p256

import (
	"bytes"
	"math/big"
	"testing"
)

func TestConstants(t *testing.T) {
	if !bytes.Equal(orderBytes[:], orderN.FillBytes(make([]byte, 32))) {
		t.Error("orderBytes ≠ n")
	}
	pn := new(big.Int).Sub(fieldP, orderN)
	if !bytes.Equal(pMinusN[:], pn.FillBytes(make([]byte, 32))) {
		t.Error("pMinusN ≠ p − n")
	}
	half := new(big.Int).Rsh(orderN, 1)
	if !bytes.Equal(halfOrder[:], half.FillBytes(make([]byte, 32))) {
		t.Error("halfOrder ≠ ⌊n/2⌋")
	}
	if !bytes.Equal(nField.Bytes(), orderN.FillBytes(make([]byte, 32))) {
		t.Error("nField ≠ n")
	}
	if !bytes.Equal(curveB.Bytes(), refCurve.Params().B.FillBytes(make([]byte, 32))) {
		t.Error("b wrong")
	}
}
