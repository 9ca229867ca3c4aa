package curate

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Candidate is a project's session notes waiting to be distilled, oldest first.
type Candidate struct {
	Project string       `json:"project"`
	Sources []*note.Note `json:"-"`
}

// IDs are the candidate's source ids.
func (c Candidate) IDs() []string {
	ids := make([]string, len(c.Sources))
	for i, n := range c.Sources {
		ids[i] = n.ID
	}
	return ids
}

// ReflectCandidates returns, per project (one project when project is set), the portable live
// session notes not yet reflected, when there are at least min of them.
func ReflectCandidates(ctx context.Context, st *store.Store, project string, min int) ([]Candidate, error) {
	metas, err := st.List(ctx, store.ListOptions{
		Filter:     store.Filter{Project: project, Type: note.Episodic, Scope: note.Portable},
		WithoutTag: TagReflected,
	})
	if err != nil {
		return nil, fmt.Errorf("list session notes: %w", err)
	}
	byProject := map[string][]string{}
	for _, m := range metas.Notes {
		byProject[m.Project] = append(byProject[m.Project], m.ID)
	}
	projects := make([]string, 0, len(byProject))
	for p, ids := range byProject {
		if len(ids) >= max(min, 1) {
			projects = append(projects, p)
		}
	}
	sort.Strings(projects)
	var out []Candidate
	for _, p := range projects {
		c := Candidate{Project: p}
		ids := byProject[p]
		for i := len(ids) - 1; i >= 0; i-- { // List is newest first; sessions read best in order
			n, err := st.Get(ctx, ids[i])
			if err != nil {
				return nil, err
			}
			c.Sources = append(c.Sources, n)
		}
		out = append(out, c)
	}
	return out, nil
}

// Draft is a note a model proposes.
type Draft struct {
	Type  note.Type `json:"type"`
	Title string    `json:"title"`
	Body  string    `json:"body"`
}

const reflectSystem = `You distil a software project's session notes into durable memory for a coding agent.
Read the session notes and answer with a JSON array, nothing else. Each element is an object
{"type": "semantic" or "procedural", "title": one line, "body": markdown} holding one durable lesson:
a convention, a decision and its reason, a fact about the project (semantic), or a way to do a task
that worked (procedural). Leave out what only mattered in one session. Never include secrets.
Answer [] when nothing is worth keeping.`

// maxDrafts bounds what one answer may propose; more is not distilling.
const maxDrafts = 20

// Distil asks the model for durable notes from the candidate's sources. Sources are given oldest
// first until the budget is full; the returned candidate holds the sources the model saw, which
// are the ones to tag reflected.
func Distil(ctx context.Context, m Model, c Candidate) ([]Draft, Candidate, error) {
	var b strings.Builder
	seen := c
	seen.Sources = nil
	for _, n := range c.Sources {
		section := fmt.Sprintf("## %s\n%s\n\n", n.Title, strings.TrimSpace(m.redact(n.Body)))
		if len(seen.Sources) > 0 && m.Budget > 0 && b.Len()+len(section) > m.Budget {
			break
		}
		b.WriteString(section)
		seen.Sources = append(seen.Sources, n)
	}
	answer, err := m.ask(ctx, reflectSystem, b.String(), 0)
	if err != nil {
		return nil, seen, err
	}
	drafts, err := ParseDrafts(answer)
	return drafts, seen, err
}

// ParseDrafts reads a reflect answer strictly: a JSON array of {type, title, body} objects with a
// durable type, a one-line title and a non-empty body, and no other keys. One bad item rejects
// the whole answer.
func ParseDrafts(answer string) ([]Draft, error) {
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(answer), &items); err != nil {
		return nil, malformed("expected a JSON array of notes: %v", err)
	}
	if len(items) > maxDrafts {
		return nil, malformed("%d notes proposed, at most %d allowed", len(items), maxDrafts)
	}
	drafts := make([]Draft, 0, len(items))
	for i, raw := range items {
		var d Draft
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&d); err != nil {
			return nil, malformed("note %d: %v", i+1, err)
		}
		if d.Type != note.Semantic && d.Type != note.Procedural {
			return nil, malformed("note %d: type must be semantic or procedural, not %q", i+1, d.Type)
		}
		d.Title, d.Body = strings.TrimSpace(d.Title), strings.TrimSpace(d.Body)
		if !oneLine(d.Title) || len(d.Title) > 200 {
			return nil, malformed("note %d: title must be one non-empty line of at most 200 characters", i+1)
		}
		if d.Body == "" {
			return nil, malformed("note %d: body is empty", i+1)
		}
		drafts = append(drafts, d)
	}
	return drafts, nil
}

// BatchKey identifies a set of sources: the same sessions reflected on two machines share it.
func BatchKey(ids []string) string {
	s := append([]string{}, ids...)
	sort.Strings(s)
	sum := sha256.Sum256([]byte(strings.Join(s, "\n")))
	return hex.EncodeToString(sum[:8])
}

// reflectKey is the idempotency key of the i-th note of one reflect run over a source set:
// "reflect:<batch>:<run>:<i>". The run is a fresh ULID, so runs order by time.
func reflectKey(batch, run string, i int) string {
	return fmt.Sprintf("reflect:%s:%s:%d", batch, run, i)
}

// parseReflectKey splits a reflect idempotency key into its batch and run.
func parseReflectKey(k string) (batch, run string, ok bool) {
	parts := strings.Split(k, ":")
	if len(parts) != 4 || parts[0] != "reflect" {
		return "", "", false
	}
	return parts[1], parts[2], true
}

// ApplyReflection writes the drafts as portable notes of the candidate's project (tag
// reflection, prov_source reflection, the model's label, confidence 0.6), then tags every source
// reflected, keeping its updated_at. With no drafts only the sources are tagged. If a write
// fails, the notes this run wrote are forgotten again and the sources stay untagged.
func ApplyReflection(ctx context.Context, st *store.Store, label string, c Candidate, drafts []Draft) ([]Change, error) {
	batch, run := BatchKey(c.IDs()), note.NewID()
	var changes []Change
	var written []*note.Note
	for i, d := range drafts {
		n, err := st.Write(ctx, store.WriteInput{
			Type: d.Type, Title: d.Title, Body: d.Body, Project: c.Project, Scope: note.Portable,
			Tags: []string{TagReflection}, ProvSource: note.SourceReflection, ProvModel: label,
			Confidence: ModelConfidence, IdempotencyKey: reflectKey(batch, run, i),
		})
		if err != nil {
			for _, w := range written {
				_, _ = st.Forget(ctx, w.ID)
			}
			return nil, fmt.Errorf("write reflected note %d of %s: %w", i+1, c.Project, err)
		}
		written = append(written, n)
		changes = append(changes, changeOf(n, "wrote "+string(n.Type)+" note"))
	}
	for _, src := range c.Sources {
		tagged := false
		n, err := st.Modify(ctx, src.ID, func(n *note.Note) error {
			if tagged = !n.HasTag(TagReflected); tagged {
				n.Tags = withTag(n.Tags, TagReflected)
			}
			return nil
		})
		if err != nil {
			return changes, fmt.Errorf("tag session note %s reflected: %w", src.ID, err)
		}
		if tagged {
			changes = append(changes, changeOf(n, "tagged reflected"))
		}
	}
	return changes, nil
}

// ResolveBatches makes machines that reflected the same sessions at the same time converge: when
// live notes of more than one reflect run share a source set, the earliest run (lowest run id,
// the same choice on every machine) is kept and the notes of the others are forgotten. Two
// machines forgetting the same notes make the same edit, which sync merges without a conflict.
// Without apply it only says what it would forget.
func ResolveBatches(ctx context.Context, st *store.Store, apply bool) ([]Change, error) {
	page, err := st.List(ctx, store.ListOptions{Filter: store.Filter{Scope: note.Portable}})
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	runs := map[string]map[string][]*note.Note{} // batch -> run -> notes
	for _, n := range page.Notes {
		if n.ProvSource != note.SourceReflection {
			continue
		}
		batch, run, ok := parseReflectKey(n.IdempotencyKey)
		if !ok {
			continue
		}
		if runs[batch] == nil {
			runs[batch] = map[string][]*note.Note{}
		}
		runs[batch][run] = append(runs[batch][run], n)
	}
	batches := make([]string, 0, len(runs))
	for b := range runs {
		batches = append(batches, b)
	}
	sort.Strings(batches)
	var changes []Change
	for _, b := range batches {
		if len(runs[b]) < 2 {
			continue
		}
		ids := make([]string, 0, len(runs[b]))
		for r := range runs[b] {
			ids = append(ids, r)
		}
		sort.Strings(ids)
		for _, r := range ids[1:] {
			for _, n := range runs[b][r] {
				c := changeOf(n, "forget: a duplicate reflection of the sessions run "+ids[0]+" reflected")
				if apply {
					if _, err := st.Forget(ctx, n.ID); err != nil {
						return changes, fmt.Errorf("forget duplicate reflection %s: %w", n.ID, err)
					}
				}
				changes = append(changes, c)
			}
		}
	}
	return changes, nil
}
