package gitsync

import (
	"context"
	"fmt"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// BenchmarkPull1000 is the target "two machines, 1,000 new notes on one: sync on the other
// (local bare remote) ≤ 2 s including the index update".
func BenchmarkPull1000(b *testing.B) {
	remote := bareRemote(b)
	a := newMachine(b, "a", remote)
	o := newMachine(b, "b", remote)
	a.write("seed", "x")
	a.sync()
	o.sync()
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for j := 0; j < 1000; j++ {
			if _, err := a.st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: fmt.Sprintf("bulk %d %d", i, j),
				Body: "a body of a few words about nothing in particular"}); err != nil {
				b.Fatal(err)
			}
		}
		a.sync()
		b.StartTimer()
		res := o.sync()
		b.StopTimer()
		if res.Indexed != 1000 || res.Pulled != 1 {
			b.Fatalf("pull = %+v", res)
		}
		b.StartTimer()
	}
}

// BenchmarkNoChangeCycle is the target "a no-change cycle ≤ 150 ms" against a local remote.
func BenchmarkNoChangeCycle(b *testing.B) {
	remote := bareRemote(b)
	a := newMachine(b, "a", remote)
	for j := 0; j < 200; j++ {
		a.write(fmt.Sprintf("note %d", j), "x")
	}
	a.sync()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := a.sync(); res.Pushed || res.Committed != "" {
			b.Fatalf("no-change cycle did something: %+v", res)
		}
	}
}
