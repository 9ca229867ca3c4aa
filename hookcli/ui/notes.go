package ui

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// pageSize is how many notes a browse or search page shows.
const pageSize = 50

type browseData struct {
	Query, Project, Type, Scope, Tag string
	Deleted                          bool
	Notes                            []*note.Note
	Snippets                         map[string]string
	Next                             string // URL of the next page, "" on the last
	Searching                        bool
	Types                            []note.Type
	Scopes                           []note.Scope
}

// browse lists notes newest first, or, with a query, the store's own search ranking (the one
// MCP and the hooks use). Both page with cursors, so page 200 costs what page 1 does.
func (s *Server) browse(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	d := browseData{Query: strings.TrimSpace(q.Get("q")), Project: q.Get("project"), Type: q.Get("type"),
		Scope: q.Get("scope"), Tag: strings.TrimSpace(q.Get("tag")), Deleted: q.Get("deleted") == "1",
		Types: note.Types, Scopes: note.Scopes, Snippets: map[string]string{}}
	f := app.Filter{Project: d.Project, Type: d.Type, Scope: d.Scope, IncludeDeleted: d.Deleted}
	cursor := q.Get("cursor")
	var page app.Page
	var err error
	n := pageSize
	if d.Query != "" {
		d.Searching = true
		page, err = s.app.Search(r.Context(), app.SearchRequest{Filter: f, Query: d.Query, K: &n, Cursor: cursor})
		for _, nt := range page.Notes {
			d.Snippets[nt.ID] = snippet(nt.Body, 180)
		}
		if d.Tag != "" { // search has no tag filter: narrow the page here
			page.Notes = withTag(page.Notes, d.Tag)
		}
	} else {
		page, err = s.app.ListTagged(r.Context(), app.ListRequest{Filter: f, Limit: &n, Cursor: cursor}, d.Tag)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d.Notes = page.Notes
	if page.NextCursor != "" {
		nq := url.Values{}
		for k, v := range q {
			nq[k] = v
		}
		nq.Set("cursor", page.NextCursor)
		d.Next = "/notes?" + nq.Encode()
	}
	title := "Notes"
	if d.Searching {
		title = "Search: " + d.Query
	}
	s.render(w, r, http.StatusOK, "notes", view{Title: title, Nav: "notes", Data: d})
}

func withTag(ns []*note.Note, tag string) []*note.Note {
	out := ns[:0:0]
	for _, n := range ns {
		if n.HasTag(tag) {
			out = append(out, n)
		}
	}
	return out
}

// snippet is the start of a body as plain text, for result lists.
func snippet(body string, n int) string {
	body = strings.Join(strings.Fields(body), " ")
	if len(body) <= n {
		return body
	}
	cut := strings.LastIndexByte(body[:n], ' ')
	if cut < n/2 {
		cut = n
	}
	return body[:cut] + "…"
}

type noteData struct {
	Note         *note.Note
	Version      string
	SupersededBy []string
}

func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	n, err := s.app.Show(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	by, err := s.app.SupersededBy(r.Context(), n.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "note", view{Title: n.Title, Nav: "notes",
		Data: noteData{Note: n, Version: app.Version(n), SupersededBy: by}})
}

// editData fills the edit form: a new note (ID "") or an existing one at Version.
type editData struct {
	ID, Version                       string
	Type, Title, Body, Project, Scope string
	Tags, Supersedes                  string
	Types                             []note.Type
	Scopes                            []note.Scope
	Conflict                          *conflictData
}

// conflictData explains a refused edit: the note as it is now, and how the user's text differs.
type conflictData struct {
	Current *note.Note
	Lines   []app.DiffLine
}

func formOf(n *note.Note) editData {
	return editData{ID: n.ID, Version: app.Version(n), Type: string(n.Type), Title: n.Title, Body: n.Body,
		Project: n.Project, Scope: string(n.Scope), Tags: strings.Join(n.Tags, ", "),
		Supersedes: strings.Join(n.Supersedes, ", "), Types: note.Types, Scopes: note.Scopes}
}

func (s *Server) newNote(w http.ResponseWriter, r *http.Request) {
	d := editData{Type: string(note.Semantic), Scope: string(note.Portable), Project: r.URL.Query().Get("project"),
		Supersedes: r.URL.Query().Get("supersedes"), Types: note.Types, Scopes: note.Scopes}
	s.render(w, r, http.StatusOK, "edit", view{Title: "New note", Nav: "new", Data: d})
}

func (s *Server) editForm(w http.ResponseWriter, r *http.Request) {
	n, err := s.app.Show(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "edit", view{Title: "Edit " + n.Title, Nav: "notes", Data: formOf(n)})
}

// formInput reads the edit form.
func formInput(r *http.Request) editData {
	return editData{ID: r.PathValue("id"), Version: r.PostFormValue("base_version"), Type: r.PostFormValue("type"),
		Title: r.PostFormValue("title"), Body: normalizeNewlines(r.PostFormValue("body")), Project: r.PostFormValue("project"),
		Scope: r.PostFormValue("scope"), Tags: r.PostFormValue("tags"), Supersedes: r.PostFormValue("supersedes"),
		Types: note.Types, Scopes: note.Scopes}
}

// normalizeNewlines undoes the CRLF a browser's textarea submits, so an edit does not rewrite every line.
func normalizeNewlines(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }

func list(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return note.NormalizeTags(strings.Split(s, ","))
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	in := formInput(r)
	res, err := s.app.Write(r.Context(), app.WriteRequest{Type: in.Type, Title: in.Title, Body: in.Body, Project: in.Project,
		Scope: in.Scope, Tags: list(in.Tags), Supersedes: list(in.Supersedes)})
	if err != nil {
		s.formError(w, r, "New note", in, err)
		return
	}
	http.Redirect(w, r, "/notes/"+res.Note.ID+"?flash=saved", http.StatusSeeOther)
}

func (s *Server) update(w http.ResponseWriter, r *http.Request) {
	in := formInput(r)
	s.writeMux.Lock()
	n, err := s.app.Update(r.Context(), app.UpdateRequest{ID: in.ID, BaseVersion: in.Version, Type: in.Type, Title: in.Title,
		Body: in.Body, Project: in.Project, Scope: in.Scope, Tags: list(in.Tags), Supersedes: list(in.Supersedes)})
	s.writeMux.Unlock()
	if errors.Is(err, app.ErrEditConflict) {
		cur, gerr := s.app.Show(r.Context(), in.ID)
		if gerr != nil {
			s.fail(w, r, gerr)
			return
		}
		// Keep what the user typed; show what changed meanwhile. Saving again overwrites knowingly.
		mine := *cur
		mine.Title, mine.Body, mine.Project = in.Title, in.Body, in.Project
		mine.Type, mine.Scope, mine.Tags = note.Type(in.Type), note.Scope(in.Scope), list(in.Tags)
		in.Conflict = &conflictData{Current: cur, Lines: app.LineDiff(string(note.Marshal(cur)), string(note.Marshal(&mine)))}
		in.Version = app.Version(cur)
		s.render(w, r, http.StatusConflict, "edit", view{Title: "Edit conflict", Nav: "notes", Data: in,
			Error: "Not saved: " + err.Error() + " Your text is below; the diff shows how it differs from the note now. Save again to replace it."})
		return
	}
	if err != nil {
		s.formError(w, r, "Edit", in, err)
		return
	}
	http.Redirect(w, r, "/notes/"+n.ID+"?flash=saved", http.StatusSeeOther)
}

// formError re-shows the form with the user's input and the one-sentence problem.
func (s *Server) formError(w http.ResponseWriter, r *http.Request, title string, in editData, err error) {
	msg, invalid := app.Problem(err, nil)
	if !invalid && !errors.Is(err, app.ErrNotFound) {
		s.fail(w, r, err)
		return
	}
	status := http.StatusBadRequest
	if errors.Is(err, app.ErrNotFound) {
		status = http.StatusNotFound
	}
	s.render(w, r, status, "edit", view{Title: title, Nav: "notes", Data: in, Error: msg})
}

func (s *Server) forget(w http.ResponseWriter, r *http.Request) {
	s.writeMux.Lock()
	res, err := s.app.Forget(r.Context(), r.PathValue("id"))
	s.writeMux.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/notes/"+res.ID+"?flash=forgotten", http.StatusSeeOther)
}
