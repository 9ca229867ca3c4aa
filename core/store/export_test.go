package store

// SetScratchInMemoryLimit sets how much note text a rebuild builds in memory, so that tests reach
// the file-backed path with a small store. It returns the previous limit.
func SetScratchInMemoryLimit(n int64) int64 {
	old := memScratchLimit
	memScratchLimit = n
	return old
}
