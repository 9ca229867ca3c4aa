package curate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Merge actions.
const (
	ActionKeep       = "keep"       // one of the notes stays and supersedes the others
	ActionSynthesize = "synthesize" // a new note supersedes them all
)

// Group is one set of redundant notes and what to do about it.
type Group struct {
	Action        string    `json:"action"`
	KeeperID      string    `json:"keeper_id,omitempty"`
	Type          note.Type `json:"type,omitempty"`
	Title         string    `json:"title,omitempty"`
	Body          string    `json:"body,omitempty"`
	SupersededIDs []string  `json:"superseded_ids"`
}

// MergeCandidates returns a project's portable live durable notes that nothing supersedes,
// procedural first, then semantic, each newest first.
func MergeCandidates(ctx context.Context, st *store.Store, project string) ([]*note.Note, error) {
	var out []*note.Note
	for _, t := range []note.Type{note.Procedural, note.Semantic} {
		ns, err := load(ctx, st, store.ListOptions{
			Filter:         store.Filter{Project: project, Type: t, Scope: note.Portable},
			HideSuperseded: true,
		})
		if err != nil {
			return nil, fmt.Errorf("list durable notes of %s: %w", project, err)
		}
		out = append(out, ns...)
	}
	return out, nil
}

// DurableProjects returns the projects with at least min portable live durable notes.
func DurableProjects(ctx context.Context, st *store.Store, project string, min int) ([]string, error) {
	page, err := st.List(ctx, store.ListOptions{
		Filter:         store.Filter{Project: project, Types: []note.Type{note.Procedural, note.Semantic}, Scope: note.Portable},
		HideSuperseded: true,
	})
	if err != nil {
		return nil, err
	}
	count := map[string]int{}
	for _, n := range page.Notes {
		count[n.Project]++
	}
	var out []string
	for p, c := range count {
		if c >= max(min, 1) {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, nil
}

const mergeSystem = `You find redundant notes in a coding agent's memory of one project.
Each note starts with "## [<id>] [<type>] <title>". Answer with a JSON array, nothing else, with one
element per group of two or more notes that say the same thing:
{"action": "keep", "keeper_id": id, "superseded_ids": [ids]} when one note already says it all, or
{"action": "synthesize", "type": "semantic" or "procedural", "title": one line, "body": markdown,
 "superseded_ids": [ids]} to replace the group with one better note.
Use only ids from the notes given, each in at most one group. Answer [] when nothing is redundant.`

// ProposeMerges asks the model for redundant groups among notes.
func ProposeMerges(ctx context.Context, m Model, notes []*note.Note) ([]Group, error) {
	var b strings.Builder
	for _, n := range notes {
		fmt.Fprintf(&b, "## [%s] [%s] %s\n%s\n\n", n.ID, n.Type, n.Title, strings.TrimSpace(n.Body))
	}
	answer, err := m.ask(ctx, mergeSystem, b.String(), 0)
	if err != nil {
		return nil, err
	}
	return ParseGroups(answer, notes)
}

// ParseGroups reads a merge answer strictly. It is rejected whole when it is not an array of
// objects, names an unknown action, has a group without superseded ids, a keeper that is missing
// or in its own list, a synthesis without a durable type, title or body, an id not among the
// notes, or an id in two groups.
func ParseGroups(answer string, notes []*note.Note) ([]Group, error) {
	known := map[string]bool{}
	for _, n := range notes {
		known[n.ID] = true
	}
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(answer), &items); err != nil {
		return nil, malformed("expected a JSON array of groups: %v", err)
	}
	used := map[string]bool{}
	claim := func(i int, id string) error {
		if !known[id] {
			return malformed("group %d: %q is not one of the notes given", i, id)
		}
		if used[id] {
			return malformed("group %d: note %s is in two groups", i, id)
		}
		used[id] = true
		return nil
	}
	groups := make([]Group, 0, len(items))
	for i0, raw := range items {
		i := i0 + 1
		var g Group
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&g); err != nil {
			return nil, malformed("group %d: %v", i, err)
		}
		if len(g.SupersededIDs) == 0 {
			return nil, malformed("group %d: superseded_ids is empty", i)
		}
		switch g.Action {
		case ActionKeep:
			if g.KeeperID == "" {
				return nil, malformed("group %d: keep needs a keeper_id", i)
			}
			if contains(g.SupersededIDs, g.KeeperID) {
				return nil, malformed("group %d: the keeper %s is in its own superseded_ids", i, g.KeeperID)
			}
			if g.Type != "" || g.Title != "" || g.Body != "" {
				return nil, malformed("group %d: keep takes no type, title or body", i)
			}
			if err := claim(i, g.KeeperID); err != nil {
				return nil, err
			}
		case ActionSynthesize:
			if g.Type != note.Semantic && g.Type != note.Procedural {
				return nil, malformed("group %d: type must be semantic or procedural, not %q", i, g.Type)
			}
			g.Title, g.Body = strings.TrimSpace(g.Title), strings.TrimSpace(g.Body)
			if !oneLine(g.Title) || g.Body == "" {
				return nil, malformed("group %d: a synthesis needs a one-line title and a body", i)
			}
			if g.KeeperID != "" {
				return nil, malformed("group %d: synthesize takes no keeper_id", i)
			}
			if len(g.SupersededIDs) < 2 {
				return nil, malformed("group %d: a synthesis replaces at least two notes", i)
			}
		default:
			return nil, malformed("group %d: action must be keep or synthesize, not %q", i, g.Action)
		}
		for _, id := range g.SupersededIDs {
			if err := claim(i, id); err != nil {
				return nil, err
			}
		}
		groups = append(groups, g)
	}
	return groups, nil
}

// ApplyGroup carries out one group in st. Keep: the keeper's supersedes become the sorted union
// with the group, it is tagged merged and its updated_at is now; its provenance is unchanged.
// Synthesize: a new portable note of the project (tag merge, prov_source merge, the model's
// label, confidence 0.6) supersedes the group, in the order given.
func ApplyGroup(ctx context.Context, st *store.Store, project, label string, g Group) ([]Change, error) {
	switch g.Action {
	case ActionKeep:
		k, err := st.Modify(ctx, g.KeeperID, func(k *note.Note) error {
			k.Supersedes = union(k.Supersedes, g.SupersededIDs)
			k.Tags = withTag(k.Tags, TagMerged)
			k.UpdatedAt = note.Now()
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("update keeper %s: %w", g.KeeperID, err)
		}
		return []Change{changeOf(k, fmt.Sprintf("kept; supersedes %s", strings.Join(g.SupersededIDs, ", ")))}, nil
	case ActionSynthesize:
		n, err := st.Write(ctx, store.WriteInput{
			Type: g.Type, Title: g.Title, Body: g.Body, Project: project, Scope: note.Portable,
			Tags: []string{TagMerge}, Supersedes: g.SupersededIDs, ProvSource: note.SourceMerge,
			ProvModel: label, Confidence: ModelConfidence,
		})
		if err != nil {
			return nil, fmt.Errorf("write merged note: %w", err)
		}
		return []Change{changeOf(n, fmt.Sprintf("synthesized; supersedes %s", strings.Join(g.SupersededIDs, ", ")))}, nil
	}
	return nil, fmt.Errorf("unknown merge action %q", g.Action)
}
