package tables

import "testing"

func BenchmarkSignedRadix(b *testing.B) {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(i * 37)
	}
	k[31] &= 0x0f
	var d4 [64]int8
	var d5 [52]int8
	b.Run("w=4", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			SignedRadix(d4[:], k, 4)
		}
	})
	b.Run("w=5", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			SignedRadix(d5[:], k, 5)
		}
	})
	b.Run("bigendian/w=4", func(b *testing.B) {
		var d [65]int8
		for i := 0; i < b.N; i++ {
			SignedRadixBigEndian(d[:], k, 4)
		}
	})
}

func BenchmarkVarTimeNAF(b *testing.B) {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(i * 37)
	}
	k[31] &= 0x0f
	var naf [257]int8
	var naf16 [257]int16
	b.Run("w=5", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			VarTimeNAF(naf[:], k, 5)
		}
	})
	b.Run("int16/w=10", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			VarTimeNAF16(naf16[:], k, 10)
		}
	})
	b.Run("bigendian/w=5", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			VarTimeNAFBigEndian(naf[:], k, 5)
		}
	})
}
