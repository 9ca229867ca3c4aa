package server

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/store"
)

func TestPendingStore(t *testing.T) {
	release := make(chan struct{})
	p := OpenInBackground(func() (*store.Store, error) {
		<-release
		return nil, errors.New("disk on fire")
	})
	h := &handlers{cfg: Config{Store: p}}
	req := mcp.CallToolRequest{}
	req.Params.Arguments = map[string]any{"query": "x"}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, _ := h.search(ctx, req)
	if !res.IsError || !strings.Contains(text(res), "still opening") {
		t.Errorf("while opening: %q", text(res))
	}
	close(release)
	res, _ = h.search(context.Background(), req)
	if !res.IsError || !strings.Contains(text(res), "could not be opened: disk on fire") {
		t.Errorf("after a failed open: %q", text(res))
	}
	if err := p.Close(); err != nil {
		t.Errorf("closing a store that never opened: %v", err)
	}
}
