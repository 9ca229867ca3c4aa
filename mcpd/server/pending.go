package server

import (
	"context"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/store"
)

// Pending is a store being opened in the background. Opening a large store can take a while (the
// open-time drift check stats every note file; a missing index is rebuilt from all of them), and
// the MCP handshake and tools/list do not need the store, so the server answers them at once and
// only tool calls wait for the open to finish.
type Pending struct {
	done chan struct{}
	st   *store.Store
	err  error
}

// OpenInBackground starts open on its own goroutine.
func OpenInBackground(open func() (*store.Store, error)) *Pending {
	p := &Pending{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.st, p.err = open()
	}()
	return p
}

// Ready wraps a store that is already open.
func Ready(st *store.Store) *Pending {
	p := &Pending{done: make(chan struct{}), st: st}
	close(p.done)
	return p
}

// Get waits for the open to finish (or ctx to end) and returns the store.
func (p *Pending) Get(ctx context.Context) (*store.Store, error) {
	select {
	case <-p.done:
	case <-ctx.Done():
		return nil, fmt.Errorf("the memory store is still opening: %w", ctx.Err())
	}
	if p.err != nil {
		return nil, fmt.Errorf("the memory store could not be opened: %w", p.err)
	}
	return p.st, nil
}

// Close waits for the open to finish and closes the store if it opened.
func (p *Pending) Close() error {
	<-p.done
	if p.st == nil {
		return nil
	}
	return p.st.Close()
}
