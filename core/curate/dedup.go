package curate

import (
	"context"
	"crypto/sha256"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// NearDuplicate is the similarity (Jaccard over words of title and body) from which two notes of
// one project and type count as copies of each other.
const NearDuplicate = 0.9

// DupGroup is a set of copies: the keeper stays, the extras become superseded by it.
type DupGroup struct {
	Kind    string   `json:"kind"` // "identical" (same body) or "similar"
	Keeper  string   `json:"keeper"`
	Extras  []string `json:"extras"`
	Project string   `json:"project"`
	Title   string   `json:"title"`
}

// FindDuplicates groups the portable live notes nothing supersedes: notes of one type with the
// same trimmed body (across projects), and notes of one project and type whose words are nearly
// the same. Machine-local notes are never touched. Keeper: a global note first, then the oldest,
// then the lowest id.
func FindDuplicates(ctx context.Context, st *store.Store) ([]DupGroup, error) {
	notes, err := load(ctx, st, store.ListOptions{Filter: store.Filter{Scope: note.Portable}, HideSuperseded: true})
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	sort.Slice(notes, func(i, j int) bool { return notes[i].ID < notes[j].ID })
	parent := make([]int, len(notes))
	kind := make([]string, len(notes))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	join := func(a, b int, k string) {
		ra, rb := find(a), find(b)
		if ra == rb {
			return
		}
		parent[rb] = ra
		if kind[ra] == "" || k == "similar" {
			kind[ra] = k
		}
	}
	// Identical bodies, per type, within a project, or across projects when one copy is global: a
	// superseded note is hidden everywhere, and only a global keeper is seen in every project
	// (a project's recall would lose its only copy to another project's keeper).
	byBody := map[string]int{}
	globalBody := map[string]int{}
	for i, n := range notes {
		body := strings.TrimSpace(n.Body)
		if body == "" {
			continue
		}
		content := fmt.Sprintf("%s\x00%x", n.Type, sha256.Sum256([]byte(body)))
		key := content + "\x00" + n.Project
		if j, ok := byBody[key]; ok {
			join(j, i, "identical")
		} else {
			byBody[key] = i
		}
		if n.Project == note.DefaultProject {
			if _, ok := globalBody[content]; !ok {
				globalBody[content] = i
			}
		}
	}
	for i, n := range notes {
		body := strings.TrimSpace(n.Body)
		if body == "" || n.Project == note.DefaultProject {
			continue
		}
		if g, ok := globalBody[fmt.Sprintf("%s\x00%x", n.Type, sha256.Sum256([]byte(body)))]; ok {
			join(g, i, "identical")
		}
	}
	// Near duplicates, per project and type. Jaccard >= t needs sizes within a factor t, so each
	// note is compared only with notes of similar size.
	type item struct {
		i     int
		words map[string]bool
	}
	buckets := map[string][]item{}
	for i, n := range notes {
		k := n.Project + "\x00" + string(n.Type)
		buckets[k] = append(buckets[k], item{i, words(n.Title + " " + n.Body)})
	}
	for _, b := range buckets {
		sort.Slice(b, func(x, y int) bool { return len(b[x].words) < len(b[y].words) })
		for x := range b {
			for y := x + 1; y < len(b); y++ {
				if float64(len(b[x].words)) < NearDuplicate*float64(len(b[y].words)) {
					break
				}
				if jaccard(b[x].words, b[y].words) >= NearDuplicate {
					join(b[x].i, b[y].i, "similar")
				}
			}
		}
	}
	members := map[int][]*note.Note{}
	for i := range notes {
		r := find(i)
		members[r] = append(members[r], notes[i])
	}
	var out []DupGroup
	for r, ms := range members {
		if len(ms) < 2 {
			continue
		}
		sort.Slice(ms, func(i, j int) bool { return keeperFirst(ms[i], ms[j]) })
		g := DupGroup{Kind: kind[r], Keeper: ms[0].ID, Project: ms[0].Project, Title: ms[0].Title}
		for _, m := range ms[1:] {
			g.Extras = append(g.Extras, m.ID)
		}
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Keeper < out[j].Keeper })
	return out, nil
}

func keeperFirst(a, b *note.Note) bool {
	if ag, bg := a.Project == note.DefaultProject, b.Project == note.DefaultProject; ag != bg {
		return ag
	}
	if a.CreatedAt != b.CreatedAt {
		return a.CreatedAt < b.CreatedAt
	}
	return a.ID < b.ID
}

// ApplyDuplicates makes each keeper supersede its extras, and whatever the extras superseded
// (so nothing an extra hid comes back). Nothing is deleted: extras stay on disk, hidden.
func ApplyDuplicates(ctx context.Context, st *store.Store, groups []DupGroup) ([]Change, error) {
	var changes []Change
	for _, g := range groups {
		k, err := st.Get(ctx, g.Keeper)
		if err != nil {
			return changes, fmt.Errorf("read keeper %s: %w", g.Keeper, err)
		}
		sups := append([]string{}, g.Extras...)
		for _, id := range g.Extras {
			e, err := st.Get(ctx, id)
			if err != nil {
				return changes, fmt.Errorf("read duplicate %s: %w", id, err)
			}
			sups = append(sups, e.Supersedes...)
		}
		var clean []string
		for _, id := range sups {
			if id != k.ID {
				clean = append(clean, id)
			}
		}
		k, err = st.Modify(ctx, k.ID, func(k *note.Note) error {
			k.Supersedes = union(k.Supersedes, clean)
			k.UpdatedAt = note.Now()
			return nil
		})
		if err != nil {
			return changes, fmt.Errorf("update keeper %s: %w", g.Keeper, err)
		}
		changes = append(changes, changeOf(k, "supersedes its copies "+strings.Join(g.Extras, ", ")))
	}
	return changes, nil
}

// words is the set of lower-case words (letters and digits) of s.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out[w] = true
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// Similarity is how alike two notes read, from 0 to 1 (Jaccard over the words of title and body).
func Similarity(a, b *note.Note) float64 {
	return jaccard(words(a.Title+" "+a.Body), words(b.Title+" "+b.Body))
}
