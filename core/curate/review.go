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
	n, err := st.Get(ctx, id)
	if err != nil {
		return Change{}, err
	}
	if n.HasTag(TagReviewed) {
		return Change{}, nil
	}
	n.Tags = withTag(n.Tags, TagReviewed)
	n.UpdatedAt = note.Now()
	if err := st.Put(ctx, n); err != nil {
		return Change{}, fmt.Errorf("tag note %s reviewed: %w", id, err)
	}
	return changeOf(n, "reviewed, kept"), nil
}
