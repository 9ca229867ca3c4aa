package ui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// events is a Server-Sent Events stream: "change" whenever the store's change mark moves (a note
// written, edited or forgotten by any process, or a sync commit). The page refetches itself and
// swaps its content in place. One cheap index query per interval per open tab.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	ctx := r.Context()
	last, err := s.app.ChangeMark(ctx)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 3000\nevent: hello\ndata: %s\n\n", last)
	fl.Flush()
	t := time.NewTicker(s.poll)
	defer t.Stop()
	beats := 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		m, err := s.app.ChangeMark(ctx)
		if err != nil {
			return
		}
		beats++
		switch {
		case m != last:
			last = m
			fmt.Fprintf(w, "event: change\ndata: %s\n\n", m)
		case beats%10 == 0: // a comment keeps proxies and the browser from timing the stream out
			fmt.Fprint(w, ": keep-alive\n\n")
		default:
			continue
		}
		fl.Flush()
	}
}

type paletteItem struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	Hint  string `json:"hint"`
}

// palette answers the command palette: the store's top search hits for q.
func (s *Server) palette(w http.ResponseWriter, r *http.Request) {
	items := []paletteItem{}
	if q := r.URL.Query().Get("q"); q != "" {
		k := 8
		page, err := s.app.Search(r.Context(), app.SearchRequest{Query: q, K: &k})
		if err != nil {
			msg, _ := app.Problem(err, nil)
			http.Error(w, msg, http.StatusBadRequest)
			return
		}
		for _, n := range page.Notes {
			items = append(items, paletteItem{Title: n.Title, URL: "/notes/" + n.ID, Hint: string(n.Type) + " · " + n.Project})
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(items)
}
