package ui

import (
	"net/http"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

type overviewData struct {
	Status                 app.Status
	Types, Projects, Scope []count
	Ahead, Behind          int
	HasRemoteRef           bool
	Recent                 []*note.Note
	Commits                []app.Commit
}

func (s *Server) overview(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	parts, err := s.overviewOf(ctx)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st := parts.counts
	st.Sync = s.syncState(ctx)
	ten := 10
	recent, err := s.app.List(ctx, app.ListRequest{Limit: &ten})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d := overviewData{Status: st, Types: counts(st.ByType, 0), Projects: counts(st.ByProject, 12), Scope: counts(st.ByScope, 0),
		Recent: recent.Notes, Commits: parts.commits, Ahead: parts.ahead, Behind: parts.behind, HasRemoteRef: parts.hasRemoteRef}
	s.render(w, r, http.StatusOK, "overview", view{Title: "Overview", Nav: "overview", Data: d})
}
