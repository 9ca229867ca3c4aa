package ui

import (
	"context"
	"sync"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// git status over 10,000 note files takes tens of milliseconds, so no page waits for it: pages
// show the last sync state read, and a read is started in the background when the store's
// change mark has moved since (a note written, a sync commit) or the state is older than
// syncMaxAge (a sync runner's failure changes no note).
const syncMaxAge = 30 * time.Second

type syncCache struct {
	mu    sync.Mutex
	state app.SyncState
	mark  string
	at    time.Time
	busy  bool
}

func (s *Server) syncState(ctx context.Context) app.SyncState {
	mark, _ := s.markOf(ctx)
	c := &s.syncC
	c.mu.Lock()
	if c.at.IsZero() {
		c.mu.Unlock()
		st := s.app.SyncState(ctx)
		c.mu.Lock()
		c.state, c.mark, c.at = st, mark, time.Now()
		c.mu.Unlock()
		return st
	}
	st := c.state
	if (mark != c.mark || time.Since(c.at) > syncMaxAge) && !c.busy {
		c.busy = true
		go func() {
			fresh := s.app.SyncState(context.Background())
			c.mu.Lock()
			c.state, c.mark, c.at, c.busy = fresh, mark, time.Now(), false
			c.mu.Unlock()
		}()
	}
	c.mu.Unlock()
	return st
}

// fleetCache keeps the fleet (a walk of up to app.FleetWindow commits and a count over every
// note) until the store's change mark moves.
type fleetCache struct {
	mu       sync.Mutex
	mark     string
	machines []app.Machine
}

func (s *Server) fleetOf(ctx context.Context) ([]app.Machine, error) {
	mark, err := s.markOf(ctx)
	if err != nil {
		return nil, err
	}
	c := &s.fleetC
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.machines != nil && c.mark == mark {
		return c.machines, nil
	}
	ms, err := s.app.Fleet(ctx)
	if err != nil {
		return nil, err
	}
	c.mark, c.machines = mark, ms
	return ms, nil
}

// overviewCache keeps the overview's costlier parts: the counts over every note until the
// store's change mark moves, and the two git calls (recent commits, ahead/behind) until git's
// HEAD does, so a note written between syncs costs one count, not three processes.
type overviewCache struct {
	mu            sync.Mutex
	mark, head    string
	counts        *app.Status
	commits       []app.Commit
	ahead, behind int
	hasRemoteRef  bool
}

type overviewParts struct {
	counts        app.Status
	commits       []app.Commit
	ahead, behind int
	hasRemoteRef  bool
}

func (s *Server) overviewOf(ctx context.Context) (overviewParts, error) {
	mark, err := s.markOf(ctx)
	if err != nil {
		return overviewParts{}, err
	}
	head := s.app.GitHead()
	c := &s.overviewC
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil || c.mark != mark {
		st, err := s.app.Counts(ctx)
		if err != nil {
			return overviewParts{}, err
		}
		c.counts, c.mark = &st, mark
	}
	if c.commits == nil || c.head != head {
		commits, err := s.app.Timeline(ctx, app.TimelineRequest{Limit: 8})
		if err != nil {
			return overviewParts{}, err
		}
		c.ahead, c.behind, c.hasRemoteRef = s.app.AheadBehind(ctx)
		c.commits, c.head = commits, head
	}
	return overviewParts{counts: *c.counts, commits: c.commits, ahead: c.ahead, behind: c.behind, hasRemoteRef: c.hasRemoteRef}, nil
}
