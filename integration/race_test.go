//go:build race

package integration

// raceEnabled: the scripts' programs are this test binary, so under -race they run instrumented
// too, several times slower; scenarios scale their corpora down with [race].
const raceEnabled = true
