package ui

import (
	"net/http"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/config"
)

type settingsData struct {
	Values []config.Value
	Home   string
}

func (s *Server) settings(w http.ResponseWriter, r *http.Request) {
	s.renderSettings(w, r, http.StatusOK, "")
}

func (s *Server) renderSettings(w http.ResponseWriter, r *http.Request, status int, problem string) {
	vals := s.app.Settings().Values()
	for i := range vals {
		// Secrets are write-only: the page never carries their value.
		if vals[i].Secret {
			vals[i].Value = vals[i].Masked()
		}
	}
	s.render(w, r, status, "settings", view{Title: "Settings", Nav: "settings", Error: problem,
		Data: settingsData{Values: vals, Home: s.app.Home.Root()}})
}

// saveSetting writes one setting to config.json. An empty secret keeps the current one (the form
// never shows it); "clear" removes a setting from the file, back to its default.
func (s *Server) saveSetting(w http.ResponseWriter, r *http.Request) {
	key := r.PostFormValue("key")
	val := strings.TrimSpace(r.PostFormValue("value"))
	st, ok := config.Lookup(key)
	if !ok {
		s.renderSettings(w, r, http.StatusBadRequest, "unknown setting "+key)
		return
	}
	set := map[string]any{}
	switch {
	case r.PostFormValue("clear") != "":
		set[key] = nil
	case st.Secret && val == "":
		http.Redirect(w, r, "/settings", http.StatusSeeOther)
		return
	default:
		if err := config.Check(key, val); err != nil {
			s.renderSettings(w, r, http.StatusBadRequest, err.Error())
			return
		}
		set[key] = val
	}
	if err := config.Update(s.app.Home.Root(), set); err != nil {
		s.renderSettings(w, r, http.StatusInternalServerError, err.Error())
		return
	}
	if err := s.app.Reload(); err != nil {
		s.renderSettings(w, r, http.StatusInternalServerError, err.Error())
		return
	}
	http.Redirect(w, r, "/settings?flash=setting", http.StatusSeeOther)
}
