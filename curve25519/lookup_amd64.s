//go:build amd64 && !purego && !curvekit_purego

#include "textflag.h"

// Masked OR-selection over table entries with AVX2: the identity ANDed with
// broadcast(masks[0]), ORed with each entry t[i] ANDed with
// broadcast(masks[i+1]). Every entry is read, at addresses that depend only
// on the entry count; the masks come from Go. n is even.

// One affine entry (120 bytes) at off(SI) with the mask in Y8: chunks at
// 0, 32, 64 and 88 (words 0-3, 4-7, 8-11, 11-14: the last overlaps the
// third by one word instead of reading past the entry).
#define AFFINE_ENTRY(off, m) \
	VPBROADCASTQ m(DX), Y8; \
	VPAND        off+0(SI), Y8, Y9; \
	VPAND        off+32(SI), Y8, Y10; \
	VPAND        off+64(SI), Y8, Y11; \
	VPAND        off+88(SI), Y8, Y12; \
	VPOR         Y9, Y0, Y0; \
	VPOR         Y10, Y1, Y1; \
	VPOR         Y11, Y2, Y2; \
	VPOR         Y12, Y3, Y3

// func selectAffineAVX2(dst *affineCached, t *affineCached, id *affineCached, masks *uint64, n int)
TEXT ·selectAffineAVX2(SB), NOSPLIT, $0-40
	MOVQ id+16(FP), SI
	MOVQ masks+24(FP), DX
	VPBROADCASTQ (DX), Y8
	VPAND        0(SI), Y8, Y0
	VPAND        32(SI), Y8, Y1
	VPAND        64(SI), Y8, Y2
	VPAND        88(SI), Y8, Y3
	MOVQ dst+0(FP), DI
	MOVQ t+8(FP), SI
	MOVQ n+32(FP), CX

affineLoop:
	AFFINE_ENTRY(0, 8)
	AFFINE_ENTRY(120, 16)
	ADDQ $240, SI
	ADDQ $16, DX
	SUBQ $2, CX
	JNZ  affineLoop

	// The stores at 64 and 88 both write word 11, with the same value.
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 88(DI)
	VZEROUPPER
	RET

// One projective cached entry (160 bytes, five chunks) at off(SI).
#define CACHED_ENTRY(off, m) \
	VPBROADCASTQ m(DX), Y8; \
	VPAND        off+0(SI), Y8, Y9; \
	VPAND        off+32(SI), Y8, Y10; \
	VPAND        off+64(SI), Y8, Y11; \
	VPAND        off+96(SI), Y8, Y12; \
	VPAND        off+128(SI), Y8, Y13; \
	VPOR         Y9, Y0, Y0; \
	VPOR         Y10, Y1, Y1; \
	VPOR         Y11, Y2, Y2; \
	VPOR         Y12, Y3, Y3; \
	VPOR         Y13, Y4, Y4

// func selectCachedAVX2(dst *projCached, t *projCached, id *projCached, masks *uint64, n int)
TEXT ·selectCachedAVX2(SB), NOSPLIT, $0-40
	MOVQ id+16(FP), SI
	MOVQ masks+24(FP), DX
	VPBROADCASTQ (DX), Y8
	VPAND        0(SI), Y8, Y0
	VPAND        32(SI), Y8, Y1
	VPAND        64(SI), Y8, Y2
	VPAND        96(SI), Y8, Y3
	VPAND        128(SI), Y8, Y4
	MOVQ dst+0(FP), DI
	MOVQ t+8(FP), SI
	MOVQ n+32(FP), CX

cachedLoop:
	CACHED_ENTRY(0, 8)
	CACHED_ENTRY(160, 16)
	ADDQ $320, SI
	ADDQ $16, DX
	SUBQ $2, CX
	JNZ  cachedLoop

	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VMOVDQU Y4, 128(DI)
	VZEROUPPER
	RET
