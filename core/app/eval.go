package app

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// EvalReport is a retrieval measurement: the figures and how long the questions took.
type EvalReport struct {
	eval.Report
	Questions int           `json:"questions"`
	Notes     int           `json:"notes"`
	Took      time.Duration `json:"took_ns"`
	Set       string        `json:"set"`
}

// searcher ranks with the store's own search, the one every front end uses.
func searcher(st *store.Store) eval.Searcher {
	return func(ctx context.Context, q, project string, k int) ([]string, error) {
		res, err := st.Search(ctx, store.SearchOptions{Filter: store.Filter{Project: project}, Query: q, K: k})
		if err != nil {
			return nil, err
		}
		ids := make([]string, len(res.Hits))
		for i, h := range res.Hits {
			ids[i] = h.ID
		}
		return ids, nil
	}
}

// Eval runs the store's approved question set (<home>/eval/eval.jsonl, or path) against its
// search.
func (a *App) Eval(ctx context.Context, path string) (EvalReport, error) {
	if path == "" {
		path = a.Home.Eval()
	}
	qs, err := eval.ReadFile(path)
	if err != nil {
		return EvalReport{}, err
	}
	if len(qs) == 0 {
		return EvalReport{}, invalidf("no approved questions in %s: add lines {\"query\": ..., \"relevant_ids\": [...], \"approved\": true}", path)
	}
	st, err := a.Store(ctx)
	if err != nil {
		return EvalReport{}, err
	}
	stats, err := st.Stats(ctx)
	if err != nil {
		return EvalReport{}, err
	}
	start := time.Now()
	rep, err := eval.Run(ctx, qs, searcher(st))
	return EvalReport{Report: rep, Questions: len(qs), Notes: stats.Total, Took: time.Since(start), Set: path}, err
}

// EvalLoCoMoRequest is one LoCoMo run.
type EvalLoCoMoRequest struct {
	// Zip is the benchmark's archive (locomo10.zip as published).
	Zip string
	// Conversations selects conversations by their position in the archive (sorted by file name,
	// 0-9): "0-4", "5-9", "0,3,7"; "" means all. Tuning on one half and reporting the other shows
	// a gain that exists only where it was tuned.
	Conversations string
	// Progress, when set, is told how many questions of the total have been asked.
	Progress func(done, total int)
}

// parseRange reads "0-4", "5-9", "0,3,7" or a mix into positions below n.
func parseRange(spec string, n int) ([]int, error) {
	if strings.TrimSpace(spec) == "" {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	seen := map[int]bool{}
	var out []int
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil || a > b {
			return nil, invalidf("conversations: %q is not a position or a range like 0-4", part)
		}
		if a < 0 || b >= n {
			return nil, invalidf("conversations: %q is outside 0-%d (the archive holds %d conversations)", part, n-1, n)
		}
		for i := a; i <= b; i++ {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	sort.Ints(out)
	return out, nil
}

// EvalLoCoMo builds the LoCoMo benchmark's store in a temporary directory (never the user's
// store) from the archive and measures search on its questions of categories 1-4, each searched
// inside its own conversation (see eval.WriteLoCoMo for how turns become notes).
func EvalLoCoMo(ctx context.Context, r EvalLoCoMoRequest) (EvalReport, error) {
	if strings.TrimSpace(r.Zip) == "" {
		return EvalReport{}, invalidf("zip: give the path of the LoCoMo archive (locomo10.zip)")
	}
	convs, err := eval.ReadLoCoMo(r.Zip)
	if err != nil {
		return EvalReport{}, err
	}
	pick, err := parseRange(r.Conversations, len(convs))
	if err != nil {
		return EvalReport{}, err
	}
	chosen := make([]eval.Conversation, len(pick))
	for i, p := range pick {
		chosen[i] = convs[p]
	}
	st, qs, done, err := locomoStore(ctx, chosen)
	if err != nil {
		return EvalReport{}, err
	}
	defer done()
	stats, err := st.Stats(ctx)
	if err != nil {
		return EvalReport{}, err
	}
	search := searcher(st)
	if r.Progress != nil {
		done := 0
		inner := search
		search = func(ctx context.Context, q, project string, k int) ([]string, error) {
			ids, err := inner(ctx, q, project, k)
			done++
			r.Progress(done, len(qs))
			return ids, err
		}
	}
	start := time.Now()
	rep, err := eval.Run(ctx, qs, search)
	set := r.Zip
	if r.Conversations != "" {
		set += " (conversations " + r.Conversations + ")"
	}
	return EvalReport{Report: rep, Questions: len(qs), Notes: stats.Total, Took: time.Since(start), Set: set}, err
}

// locomoStore writes convs as notes into a temporary store (every dialog turn a note, as
// eval.WriteLoCoMo lays them out), indexes it and returns it with its questions; done closes the
// store and removes it.
func locomoStore(ctx context.Context, convs []eval.Conversation) (st *store.Store, qs []eval.Question, done func(), err error) {
	dir, err := os.MkdirTemp("", "anamnesis-locomo-*")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("LoCoMo store: %w", err)
	}
	if qs, err = eval.WriteLoCoMo(ctx, dir, convs, nil); err == nil {
		st, err = store.Open(ctx, dir, store.Options{MachineID: "locomo"})
		if err != nil {
			err = fmt.Errorf("index the LoCoMo notes: %w", err)
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, nil, err
	}
	return st, qs, func() { st.Close(); os.RemoveAll(dir) }, nil
}
