package ui

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

type historyData struct {
	Note      *note.Note
	Version   string
	Revisions []app.Revision
}

func (s *Server) history(w http.ResponseWriter, r *http.Request) {
	n, err := s.app.Show(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	revs, err := s.app.History(r.Context(), n.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "history", view{Title: "History of " + n.Title, Nav: "notes",
		Data: historyData{Note: n, Version: app.Version(n), Revisions: revs}})
}

type diffData struct {
	Note     *note.Note
	Version  string
	From, To string
	Diff     app.NoteDiff
}

// diff compares two revisions; without from/to it compares the latest two.
func (s *Server) diff(w http.ResponseWriter, r *http.Request) {
	n, err := s.app.Show(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	from, to := r.URL.Query().Get("from"), r.URL.Query().Get("to")
	if from == "" || to == "" {
		revs, err := s.app.History(r.Context(), n.ID)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if len(revs) < 2 {
			s.fail(w, r, &app.InvalidError{Msg: "this note has one version only: nothing to compare yet"})
			return
		}
		from, to = revs[1].Rev, revs[0].Rev
	}
	d, err := s.app.Diff(r.Context(), n.ID, from, to)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "diff", view{Title: "Changes to " + n.Title, Nav: "notes",
		Data: diffData{Note: n, Version: app.Version(n), From: from, To: to, Diff: d}})
}

func (s *Server) restore(w http.ResponseWriter, r *http.Request) {
	s.writeMux.Lock()
	n, err := s.app.Restore(r.Context(), r.PathValue("id"), r.PostFormValue("rev"), r.PostFormValue("base_version"))
	s.writeMux.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/notes/"+n.ID+"?flash=restored", http.StatusSeeOther)
}

type timelineData struct {
	Machine  string
	Commits  []app.Commit
	Machines []app.Machine
	Next     string
}

const timelinePage = 50

func (s *Server) timeline(w http.ResponseWriter, r *http.Request) {
	machine := r.URL.Query().Get("machine")
	skip, _ := strconv.Atoi(r.URL.Query().Get("skip"))
	cs, err := s.app.Timeline(r.Context(), app.TimelineRequest{Machine: machine, Limit: timelinePage + 1, Skip: skip})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	fleet, err := s.fleetOf(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d := timelineData{Machine: machine, Commits: cs, Machines: fleet}
	if len(cs) > timelinePage {
		d.Commits = cs[:timelinePage]
		d.Next = "/timeline?" + url.Values{"machine": {machine}, "skip": {strconv.Itoa(skip + timelinePage)}}.Encode()
	}
	s.render(w, r, http.StatusOK, "timeline", view{Title: "Timeline", Nav: "timeline", Data: d})
}

type fleetData struct {
	Machines  []app.Machine
	Conflicts []*note.Note
	Sync      app.SyncState
}

func (s *Server) fleet(w http.ResponseWriter, r *http.Request) {
	ms, err := s.fleetOf(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	cs, err := s.app.Conflicts(r.Context(), 100)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "fleet", view{Title: "Fleet", Nav: "fleet", Data: fleetData{Machines: ms, Conflicts: cs, Sync: s.syncState(r.Context())}})
}
