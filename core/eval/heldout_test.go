package eval_test

import (
	"context"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// runFixture joins the fixture set in dir to a copy of the 2,000-note synthetic corpus, opens the
// store on it (which indexes everything) and measures the set's questions, logging the figures
// under name. With logMisses it also logs every question whose note is not in the top 5, with the
// rank it reached (0: not in the top 10); only a tuning set is run that way, since reading a
// held-out set's misses would be tuning on it.
func runFixture(t *testing.T, dir, name string, logMisses bool) eval.Report {
	t.Helper()
	root := testcorpus.Copy(t, 2000)
	qs, err := eval.WriteFixture(dir, root)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, root, store.Options{MachineID: "eval"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	search, got := storeSearcher(st), map[string][]string{}
	recording := func(ctx context.Context, q, project string, k int) ([]string, error) {
		ids, err := search(ctx, q, project, k)
		got[q] = ids
		return ids, err
	}
	rep, err := eval.Run(ctx, qs, recording)
	if err != nil {
		t.Fatal(err)
	}
	if logMisses {
		for _, q := range qs {
			if rank := rankOf(got[q.Query], q.Relevant); rank == 0 || rank > 5 {
				t.Logf("  miss at 5 (%s overlap, rank %d): %s", q.Category, rank, q.Query)
			}
		}
	}
	t.Logf("%s, %d questions: R@1 %.3f R@5 %.3f R@10 %.3f MRR %.3f", name, rep.All.N,
		rep.All.RecallAt[1], rep.All.RecallAt[5], rep.All.RecallAt[10], rep.All.MRR)
	for _, c := range rep.Categories() {
		m := rep.ByCategory[c]
		t.Logf("  %-5s overlap n=%d  R@1 %.3f R@5 %.3f R@10 %.3f MRR %.3f", c, m.N, m.RecallAt[1], m.RecallAt[5],
			m.RecallAt[10], m.MRR)
	}
	return rep
}

// TestHeldOut reports recall on the held-out developer set: 40 notes and 80 questions (40 that
// share their note's words, 40 that do not) among 2,000 synthetic distractors. Ranking is never
// tuned on this set; it only reports. The floor asserted is the figure measured when the set was
// written, so a change that makes retrieval worse on questions it was not tuned for fails here.
func TestHeldOut(t *testing.T) {
	rep := runFixture(t, "testdata/heldout", "held-out developer set", false)
	// Floors: easy questions never regress; hard ones never fall below the figure measured when
	// the set was written (lexical ranking of November 2026: 0.600).
	checkSet(t, rep, 40, 40, 0.97, 0.60)
}

// TestHeldOut2 reports recall on the second held-out developer set: 50 notes and 100 questions
// (50 that share their note's words, 50 paraphrased the way a developer asks weeks later) among
// the same 2,000 synthetic distractors. It was written blind — by someone who had not read the
// ranking code — and nobody tunes on it; the floors are the figures measured when it was written.
func TestHeldOut2(t *testing.T) {
	rep := runFixture(t, "testdata/heldout2", "held-out developer set 2", false)
	// Baseline when the set was written (lexical ranking of main, November 2026): high overlap
	// R@1 1.000 R@5 1.000 R@10 1.000; low overlap R@1 0.080 R@5 0.360 R@10 0.620 MRR 0.209. High
	// overlap reaches the 0.97 every set holds; the low floor is the baseline rounded down to 0.05.
	checkSet(t, rep, 50, 50, 0.97, 0.35)
}

// TestHeldOut3 reports recall on the third held-out developer set: 60 notes across backend,
// frontend, mobile, infrastructure, databases, data pipelines, ML, security, build tooling,
// testing, observability and team process, and 120 questions (60 that share their note's words,
// 60 asked weeks later in other words: symptoms for causes, everyday words for jargon, goals,
// consequences, no identifier of the note) among the same 2,000 synthetic distractors. It was
// written blind, while the developer lexicon was being tuned on another set, so that the tuning
// is judged on questions it never saw; nobody tunes on it.
func TestHeldOut3(t *testing.T) {
	rep := runFixture(t, "testdata/heldout3", "held-out developer set 3", false)
	// Baseline when the set was written (the lexical ranking of main at 9fa7da4,
	// November 2026): high overlap R@1 1.000 R@5 1.000 R@10 1.000 MRR 1.000; low overlap
	// R@1 0.233 R@5 0.617 R@10 0.700 MRR 0.394; overall R@5 0.808. High overlap holds the 0.97
	// every set holds; the low floor is the baseline rounded down to 0.05.
	checkSet(t, rep, 60, 60, 0.97, 0.60)
}

// checkSet fails t unless the set has nHigh questions that share their note's words and nLow that
// do not, and recall@5 of each reaches its floor.
func checkSet(t *testing.T, rep eval.Report, nHigh, nLow int, highFloor, lowFloor float64) {
	t.Helper()
	if high, low := rep.ByCategory["high"].N, rep.ByCategory["low"].N; high != nHigh || low != nLow || rep.All.N != nHigh+nLow {
		t.Fatalf("the set has %d questions (%d high-, %d low-overlap), want %d (%d, %d)",
			rep.All.N, high, low, nHigh+nLow, nHigh, nLow)
	}
	if r := rep.ByCategory["high"].RecallAt[5]; r < highFloor {
		t.Errorf("high-overlap recall@5 %.3f, below %.2f", r, highFloor)
	}
	if r := rep.ByCategory["low"].RecallAt[5]; r < lowFloor {
		t.Errorf("low-overlap recall@5 %.3f, below its floor %.2f", r, lowFloor)
	}
}

// rankOf is the 1-based rank of the first of relevant in ids, or 0.
func rankOf(ids, relevant []string) int {
	for i, id := range ids {
		for _, r := range relevant {
			if id == r {
				return i + 1
			}
		}
	}
	return 0
}

// TestTune3 reports recall on the developer tuning set: 60 notes across backend, frontend, mobile,
// infrastructure, data, ML, security, tooling, team conventions and incidents, each with one
// question in its own words and one asked weeks later in other words, among the same 2,000
// synthetic distractors. Unlike the held-out sets it is meant to be tuned on (the developer
// lexicon was extended on its misses), so it logs every miss; the held-out sets check that what
// was learnt here carries over. Low overlap, R@1 / R@5 / R@10 / MRR: 0.283 / 0.500 / 0.567 / 0.373
// with the 64-concept lexicon it was written against, 0.283 / 0.567 / 0.633 / 0.392 with the
// lexicon extended on it, 0.283 / 0.550 / 0.633 / 0.390 once the words that also mean another
// thing left it ("double" counted one of its questions); high overlap 1.000 throughout.
func TestTune3(t *testing.T) {
	rep := runFixture(t, "testdata/tune3", "developer tuning set 3", true)
	checkSet(t, rep, 60, 60, 0.97, 0.50) // a question of room under 0.550
}
