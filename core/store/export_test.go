package store

// SetScratchInMemoryLimit sets how much note text a rebuild builds in memory, so that tests reach
// the file-backed path with a small store. It returns the previous limit.
func SetScratchInMemoryLimit(n int64) int64 {
	old := memScratchLimit
	memScratchLimit = n
	return old
}

// SetScratchTmpfsDir sets the memory file system a rebuild that fits in memory builds on ("" for
// SQLite's memdb), so that tests reach each in-memory path. It returns the previous one.
func SetScratchTmpfsDir(dir string) string {
	old := tmpfsDir
	tmpfsDir = dir
	return old
}
