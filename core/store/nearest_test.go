package store

import (
	"math/rand"
	"slices"
	"testing"
)

// TestNearestTopMatchesFullSort checks the heap selection against sorting every score, ties
// included (the matrix repeats rows, so equal cosines occur and must order by position).
func TestNearestTopMatchesFullSort(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	const dim, n = 8, 500
	mat := make([]float32, dim*n)
	for i := range mat {
		mat[i] = float32(r.Intn(5) - 2)
	}
	copy(mat[dim*10:dim*11], mat[dim*3:dim*4]) // an exact tie
	q := []float32{1, 0.5, 0, -1, 2, 0, 0, 1}
	all := nearest(q, mat, dim, 0)
	for _, top := range []int{1, 7, 200, 499, 500, 900} {
		got := nearest(q, mat, dim, top)
		want := all[:min(top, n)]
		if !slices.Equal(got, want) {
			t.Fatalf("top %d differs from the first %d of a full sort", top, top)
		}
	}
}
