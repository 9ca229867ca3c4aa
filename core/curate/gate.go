package curate

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Recall is the share of questions for which a relevant note, or a note that transitively
// supersedes one (the reference's credit rule, cycle-safe), is among the first k results of the
// store's own search.
func Recall(ctx context.Context, st *store.Store, qs []eval.Question, k int) (float64, error) {
	if len(qs) == 0 {
		return 0, nil
	}
	page, err := st.List(ctx, store.ListOptions{})
	if err != nil {
		return 0, fmt.Errorf("list notes: %w", err)
	}
	supersededBy := map[string][]string{}
	for _, n := range page.Notes {
		for _, s := range n.Supersedes {
			supersededBy[s] = append(supersededBy[s], n.ID)
		}
	}
	hits := 0
	for _, q := range qs {
		credit := map[string]bool{}
		queue := append([]string{}, q.Relevant...)
		for len(queue) > 0 {
			id := queue[0]
			queue = queue[1:]
			if credit[id] {
				continue
			}
			credit[id] = true
			queue = append(queue, supersededBy[id]...)
		}
		res, err := st.Search(ctx, store.SearchOptions{Filter: store.Filter{Project: q.Scope}, Query: q.Query, K: k})
		if err != nil {
			return 0, fmt.Errorf("search %q: %w", q.Query, err)
		}
		for _, h := range res.Hits {
			if credit[h.ID] {
				hits++
				break
			}
		}
	}
	return float64(hits) / float64(len(qs)), nil
}

// GateResult is what the recall gate decided about one group.
type GateResult struct {
	Group  int     `json:"group"` // index into the groups proposed
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	Kept   bool    `json:"kept"`
}

// Gate tries each group in turn, with the groups already accepted, on a fresh throw-away copy of
// the store, and accepts it only if recall@k on the questions does not drop. The live store is
// never touched.
func Gate(ctx context.Context, root, machineID string, qs []eval.Question, k int, project string, groups []Group) ([]Group, []GateResult, error) {
	sandbox := func(apply []Group) (float64, error) {
		dir, err := os.MkdirTemp("", "anamnesis-gate-*")
		if err != nil {
			return 0, err
		}
		defer os.RemoveAll(dir)
		if err := copyTrees(root, dir); err != nil {
			return 0, fmt.Errorf("copy the store for the recall gate: %w", err)
		}
		st, err := store.Open(ctx, dir, store.Options{MachineID: machineID})
		if err != nil {
			return 0, fmt.Errorf("open the gate's copy of the store: %w", err)
		}
		defer st.Close()
		for _, g := range apply {
			if _, err := ApplyGroup(ctx, st, project, "gate", g); err != nil {
				return 0, err
			}
		}
		return Recall(ctx, st, qs, k)
	}
	current, err := sandbox(nil)
	if err != nil {
		return nil, nil, err
	}
	var accepted []Group
	var results []GateResult
	for i, g := range groups {
		after, err := sandbox(append(append([]Group{}, accepted...), g))
		if err != nil {
			return nil, nil, err
		}
		r := GateResult{Group: i, Before: current, After: after, Kept: after >= current}
		if r.Kept {
			accepted = append(accepted, g)
			current = after
		}
		results = append(results, r)
	}
	return accepted, results, nil
}

// copyTrees copies the note trees of the store at src (memory/ without its .git, and local/) to
// dst.
func copyTrees(src, dst string) error {
	for _, tree := range []string{store.PortableDir, store.LocalDir} {
		base := filepath.Join(src, tree)
		err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == base && os.IsNotExist(err) {
					return filepath.SkipDir
				}
				return err
			}
			if d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".md") {
				return nil
			}
			rel, _ := filepath.Rel(src, p)
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out := filepath.Join(dst, rel)
			if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
				return err
			}
			return os.WriteFile(out, data, 0o644)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
