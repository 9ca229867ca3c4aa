package recall

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/internal/golden"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

func newStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), t.TempDir(), store.Options{MachineID: "m1"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// put stores a note with a fixed id and time, so output is reproducible.
func put(t *testing.T, st *store.Store, seq int, typ note.Type, project, title, body string, mod func(*note.Note)) *note.Note {
	t.Helper()
	n := &note.Note{
		ID:   fmt.Sprintf("01J00000000000000000000%03d", seq),
		Type: typ, Title: title, Body: body, Project: project, MachineID: "m1", Confidence: 1,
		CreatedAt: fmt.Sprintf("2026-01-01T00:%02d:%02d+00:00", seq/60, seq%60),
	}
	n.UpdatedAt = n.CreatedAt
	if mod != nil {
		mod(n)
	}
	if err := st.Put(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	return n
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

func TestInjectEmptyStore(t *testing.T) {
	inj, err := Inject(context.Background(), newStore(t), "github.com/acme/x", 0)
	if err != nil {
		t.Fatal(err)
	}
	if inj.Text != "" || len(inj.IDs) != 0 {
		t.Errorf("empty store injected %q", inj.Text)
	}
}

func TestInjectSmallStoreGolden(t *testing.T) {
	ctx := context.Background()
	st := newStore(t)
	const p = "github.com/acme/app"
	put(t, st, 1, note.Semantic, "global", "User prefers British spelling", "Colour, behaviour, organise.", nil)
	put(t, st, 2, note.Episodic, "global", "A global session note", "Never injected: episodics are per project.", nil)
	put(t, st, 3, note.Procedural, p, "Run tests with the race detector", "go test -race ./...", nil)
	old := put(t, st, 4, note.Semantic, p, "Old database fact", "The app used MySQL.", nil)
	put(t, st, 5, note.Semantic, p, "Database fact", "The app uses Postgres 16.", func(n *note.Note) { n.Supersedes = []string{old.ID} })
	gone := put(t, st, 6, note.Semantic, p, "Forgotten fact", "Must not appear.", nil)
	if _, err := st.Forget(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	put(t, st, 7, note.Episodic, p, "Session one", "**Ask:** first", func(n *note.Note) { n.ProvSource = note.SourceSessionEnd; n.Confidence = 0.6 })
	put(t, st, 8, note.Episodic, p, "Session two", "**Ask:** second", func(n *note.Note) { n.ProvSource = note.SourceSessionEnd })
	put(t, st, 9, note.Episodic, p, "Session three", "**Ask:** third", func(n *note.Note) { n.ProvSource = note.SourceSessionEnd })
	put(t, st, 10, note.Episodic, p, "Reflected session", "Already distilled.", func(n *note.Note) { n.Tags = []string{"session", "reflected"} })
	put(t, st, 11, note.Semantic, "github.com/acme/other", "Other project", "Must not appear.", nil)

	inj, err := Inject(ctx, st, p, 0)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "inject-small.golden"), inj.Text)
	for _, absent := range []string{"MySQL", "Forgotten", "Other project", "Session one", "Reflected", "A global session"} {
		if strings.Contains(inj.Text, absent) {
			t.Errorf("injected %q", absent)
		}
	}
	for _, present := range []string{"British spelling", "race detector", "Postgres 16", "Session two", "Session three"} {
		if !strings.Contains(inj.Text, present) {
			t.Errorf("missing %q", present)
		}
	}
}

// corpus opens the shared 10,000-note store (generated once per machine; only read here).
func corpus(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), testcorpus.Cached(t, 10000), store.Options{MachineID: "m1"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestInjectLargeStoreGolden(t *testing.T) {
	st := corpus(t)
	inj, err := Inject(context.Background(), st, "github.com/acme/service-03", 0)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "inject-10k.golden"), inj.Text)
	if n := utf8.RuneCountInString(inj.Text); n > DefaultInjectTokens*CharsPerToken || n < DefaultInjectTokens*CharsPerToken/2 {
		t.Errorf("default budget: %d characters, want between half and all of %d", n, DefaultInjectTokens*CharsPerToken)
	}
}

func TestInjectBudgetRespected(t *testing.T) {
	st := corpus(t)
	for _, tokens := range []int{100, 300, 1000, 2000} {
		inj, err := Inject(context.Background(), st, "github.com/acme/service-07", tokens)
		if err != nil {
			t.Fatal(err)
		}
		if n := utf8.RuneCountInString(inj.Text); n > tokens*CharsPerToken {
			t.Errorf("budget %d tokens: %d characters", tokens, n)
		}
		if tokens >= 300 && inj.Text == "" {
			t.Errorf("budget %d tokens: nothing injected from a full store", tokens)
		}
	}
}

// TestInjectCeilingAnyStore fills stores with random huge notes (long titles, megabyte bodies,
// astral characters, no line breaks) and asks for absurd budgets: the text stays within 9,000
// UTF-16 units every time.
func TestInjectCeilingAnyStore(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"word ", "🙂", "x", "\n", "长", "a-very-long-unbroken-token", "## heading\n"}
	for round := 0; round < 6; round++ {
		st := newStore(t)
		const p = "proj"
		for i := 0; i < 25; i++ {
			var b strings.Builder
			size := rng.IntN(40000)
			if i%7 == 0 {
				size = 1 << 20
			}
			for b.Len() < size {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			title := strings.Repeat(pieces[rng.IntN(len(pieces))], 1+rng.IntN(400))
			proj := []string{p, "global"}[rng.IntN(2)]
			typ := note.Types[rng.IntN(3)]
			put(t, st, i+1, typ, proj, strings.TrimSpace(strings.ReplaceAll(title, "\n", " "))+"t", b.String(), nil)
		}
		for _, tokens := range []int{0, 50, 2000, 2250, 5000, 1 << 20} {
			inj, err := Inject(ctx, st, p, tokens)
			if err != nil {
				t.Fatal(err)
			}
			if n := utf16Len(inj.Text); n > InjectCeiling {
				t.Fatalf("round %d, budget %d: %d UTF-16 units, ceiling %d", round, tokens, n, InjectCeiling)
			}
			if tokens >= 2000 && len(inj.IDs) == 0 {
				t.Errorf("round %d, budget %d: nothing injected", round, tokens)
			}
		}
	}
}

func TestInjectGlobalShareIsCapped(t *testing.T) {
	st := newStore(t)
	for i := 1; i <= 30; i++ {
		put(t, st, i, note.Semantic, "global", fmt.Sprintf("Global preference %d", i), strings.Repeat("global words ", 40), nil)
	}
	for i := 31; i <= 60; i++ {
		put(t, st, i, note.Procedural, "p", fmt.Sprintf("Project procedure %d", i), strings.Repeat("project words ", 40), nil)
	}
	inj, err := Inject(context.Background(), st, "p", 2000)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(inj.Text, "# Notes for every project")
	if i < 0 {
		t.Fatal("no global section")
	}
	if share := float64(utf8.RuneCountInString(inj.Text[i:])) / float64(utf8.RuneCountInString(inj.Text)); share > globalShare+0.02 {
		t.Errorf("globals take %.0f%% of the injection, cap %.0f%%", share*100, globalShare*100)
	}
}

func TestCapUTF16(t *testing.T) {
	s := strings.Repeat("🙂", 10) // 20 UTF-16 units
	if got := CapUTF16(s, 7); utf16Len(got) > 7 || !utf8.ValidString(got) {
		t.Errorf("CapUTF16 = %q", got)
	}
	if got := CapUTF16("short", 100); got != "short" {
		t.Errorf("CapUTF16 changed a short string: %q", got)
	}
}
