package ui

import (
	"net/http"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
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

// saveSetting writes one setting to config.json through the application layer, which checks it
// and writes it as "anamnesis config set" does. An empty secret keeps the current one (the form
// never shows it); "clear" removes a setting from the file, back to its default.
func (s *Server) saveSetting(w http.ResponseWriter, r *http.Request) {
	key := r.PostFormValue("key")
	val := strings.TrimSpace(r.PostFormValue("value"))
	st, ok := config.Lookup(key)
	if !ok {
		s.renderSettings(w, r, http.StatusBadRequest, "unknown setting "+key)
		return
	}
	var err error
	switch {
	case r.PostFormValue("clear") != "":
		err = s.app.ConfigUnset(key)
	case st.Secret && val == "":
		http.Redirect(w, r, "/settings", http.StatusSeeOther)
		return
	default:
		err = s.app.ConfigSet([][2]string{{key, val}})
	}
	if err != nil {
		status := http.StatusInternalServerError
		msg, invalid := app.Problem(err, nil)
		if invalid {
			status = http.StatusBadRequest
		}
		s.renderSettings(w, r, status, msg)
		return
	}
	if key == config.KeyHTTPToken {
		// A new token ends every session granted under the old one, this one too; the person
		// who changed it here keeps working, on a fresh session bound to the new token.
		s.endSession(sessionOf(r))
		if sessionOf(r) != "" {
			setSessionCookie(w, s.newSession())
		}
	}
	http.Redirect(w, r, "/settings?flash=setting", http.StatusSeeOther)
}
