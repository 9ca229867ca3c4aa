//go:build race

package store_test

// raceEnabled scales the multi-process tests down under the race detector, which makes the
// pure-Go SQLite roughly ten times slower; the full-size run is the plain `go test`.
const raceEnabled = true
