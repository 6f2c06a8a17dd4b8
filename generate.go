package curvekit

// One program writes every generated file of the module (zz_generated_*):
// the field arithmetic, the curve-level code and the basepoint tables, from
// the curve registry in internal/gen/registry.
//go:generate go run ./internal/gen
