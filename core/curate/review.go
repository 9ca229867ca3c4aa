package curate

import (
	"context"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Unreviewed lists the live notes reflect and merge wrote that nobody has reviewed yet (no tag
// reviewed), newest first, without bodies.
func Unreviewed(ctx context.Context, st *store.Store) ([]*note.Note, error) {
	page, err := st.List(ctx, store.ListOptions{WithoutTag: TagReviewed})
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	var out []*note.Note
	for _, n := range page.Notes {
		if n.ProvSource == note.SourceReflection || n.ProvSource == note.SourceMerge {
			out = append(out, n)
		}
	}
	return out, nil
}

// MarkReviewed tags a note reviewed: a person has read it and keeps it.
func MarkReviewed(ctx context.Context, st *store.Store, id string) (Change, error) {
	changed := false
	n, err := st.Modify(ctx, id, func(n *note.Note) error {
		if changed = !n.HasTag(TagReviewed); changed {
			n.Tags = withTag(n.Tags, TagReviewed)
			n.UpdatedAt = note.Now()
		}
		return nil
	})
	if err != nil {
		return Change{}, fmt.Errorf("tag note %s reviewed: %w", id, err)
	}
	if !changed {
		return Change{}, nil
	}
	return changeOf(n, "reviewed, kept"), nil
}
