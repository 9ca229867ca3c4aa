//go:build !unix

package store

// processCPU is not measured here.
func processCPU() (float64, bool) { return 0, false }
