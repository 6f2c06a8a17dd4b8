// Package curve448 implements the edwards448 group of Ed448-Goldilocks (RFC
// 8032, Section 5.2) and the curve448 Montgomery curve of X448 (RFC 7748).
package curve448
