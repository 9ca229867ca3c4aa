package curate

import (
	"context"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Provenance is one note whose prov_source its tags say is wrong.
type Provenance struct {
	ID      string      `json:"id"`
	Project string      `json:"project"`
	Title   string      `json:"title"`
	From    note.Source `json:"from"`
	To      note.Source `json:"to"`
}

// inferSource reads provenance from tags: reflection, merge, import, session; else human.
func inferSource(tags []string) note.Source {
	switch {
	case contains(tags, TagReflection):
		return note.SourceReflection
	case contains(tags, TagMerge):
		return note.SourceMerge
	case contains(tags, "import"):
		return note.SourceImport
	case contains(tags, "session"):
		return note.SourceSessionEnd
	}
	return note.SourceHuman
}

// PlanBackfill lists notes of both trees whose tags name a provenance their prov_source lacks.
// Unlike the Python reference it never downgrades: a reflection or merge note keeps its source,
// and nothing is rewritten to human.
func PlanBackfill(ctx context.Context, st *store.Store) ([]Provenance, error) {
	page, err := st.List(ctx, store.ListOptions{Filter: store.Filter{IncludeDeleted: true}})
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	var out []Provenance
	for i := len(page.Notes) - 1; i >= 0; i-- { // oldest first
		n := page.Notes[i]
		to := inferSource(n.Tags)
		if to == n.ProvSource || to == note.SourceHuman ||
			n.ProvSource == note.SourceReflection || n.ProvSource == note.SourceMerge {
			continue
		}
		out = append(out, Provenance{ID: n.ID, Project: n.Project, Title: n.Title, From: n.ProvSource, To: to})
	}
	return out, nil
}

// ApplyBackfill rewrites prov_source of each planned note, keeping body and timestamps.
func ApplyBackfill(ctx context.Context, st *store.Store, plan []Provenance) ([]Change, error) {
	var changes []Change
	for _, p := range plan {
		n, err := st.Modify(ctx, p.ID, func(n *note.Note) error { n.ProvSource = p.To; return nil })
		if err != nil {
			return changes, fmt.Errorf("rewrite note %s: %w", p.ID, err)
		}
		changes = append(changes, changeOf(n, "prov_source "+string(p.From)+" -> "+string(p.To)))
	}
	return changes, nil
}
