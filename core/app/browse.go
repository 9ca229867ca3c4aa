package app

import (
	"context"
	"os"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Use cases of browsing front ends (the dashboard): listing by tag, the reverse supersedes link,
// conflict copies to resolve, and a mark that changes when any note does.

// ListTagged is List narrowed to notes carrying tag (all notes when tag is blank).
func (a *App) ListTagged(ctx context.Context, r ListRequest, tag string) (Page, error) {
	f, err := r.parse()
	if err != nil {
		return Page{}, err
	}
	limit, err := IntIn("limit", r.Limit, DefaultListLimit, 1, MaxListLimit)
	if err != nil {
		return Page{}, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return Page{}, err
	}
	pg, err := st.ListTagged(ctx, tag, store.ListOptions{Filter: f, Limit: limit, Cursor: strings.TrimSpace(r.Cursor)})
	if err != nil {
		return Page{}, err
	}
	p := Page{Results: make([]note.View, len(pg.Notes)), Notes: pg.Notes, NextCursor: pg.NextCursor}
	for i, n := range pg.Notes {
		p.Results[i] = note.ViewOf(n, false)
	}
	return p, nil
}

// Conflicts lists the copies sync made of the losing side of conflicting edits (tagged
// gitsync.ConflictTag), newest first: each waits for a person to merge it or forget it.
func (a *App) Conflicts(ctx context.Context, limit int) ([]*note.Note, error) {
	p, err := a.ListTagged(ctx, ListRequest{Limit: &limit}, gitsync.ConflictTag)
	return p.Notes, err
}

// SupersededBy returns the ids of the notes that supersede id.
func (a *App) SupersededBy(ctx context.Context, id string) ([]string, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	return st.SupersededBy(ctx, id)
}

// ChangeMark changes whenever any note is written, edited or forgotten, or sync commits.
func (a *App) ChangeMark(ctx context.Context) (string, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return "", err
	}
	m, err := st.ChangeMark(ctx)
	if err != nil {
		return "", err
	}
	return m + "." + a.GitHead(), nil
}

// GitHead reads the portable tree's HEAD commit from .git without running git (cheap enough to
// poll): the ref HEAD points to, or "" when there is none.
func (a *App) GitHead() string {
	gd := a.Home.Path("memory", ".git")
	head, err := readTrim(gd + "/HEAD")
	if err != nil {
		return ""
	}
	ref, ok := strings.CutPrefix(head, "ref: ")
	if !ok {
		return head
	}
	if h, err := readTrim(gd + "/" + ref); err == nil {
		return h
	}
	return "" // packed ref or no commit yet: sync commits still change the index mark
}

func readTrim(path string) (string, error) {
	b, err := os.ReadFile(path)
	return strings.TrimSpace(string(b)), err
}

// Counts is Status without the sync state, from the indexes alone (store.StatsFast): a few
// milliseconds at 10,000 notes.
func (a *App) Counts(ctx context.Context) (Status, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return Status{}, err
	}
	stats, err := st.StatsFast(ctx)
	if err != nil {
		return Status{}, err
	}
	return Status{
		Root: st.Root(), DBPath: st.DBPath(), MachineID: st.MachineID(),
		Total: stats.Total, Deleted: stats.Deleted, Conflicts: stats.Conflicts,
		ByType: stats.ByType, ByProject: stats.ByProject, ByScope: stats.ByScope, ByWorkspace: stats.ByWorkspace,
	}, nil
}

// SyncState is Status's sync part alone. It runs git status over the whole portable tree, which
// takes tens of milliseconds at 10,000 notes: a server can compute it off its request path.
func (a *App) SyncState(ctx context.Context) gitsync.State {
	_ = a.Reload() // an unreadable settings file keeps the settings already loaded
	return gitsync.ReadState(ctx, a.Home.Root(), a.settings().Remote)
}
