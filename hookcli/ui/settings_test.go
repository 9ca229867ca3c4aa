package ui_test

import (
	"net/http"
	"net/url"
	"reflect"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/config"
)

// A setting saved on the Settings page is written as "anamnesis config set" writes it: checked,
// in its canonical form and type, under its nested key.
func TestSettingsPageWritesAsConfigSet(t *testing.T) {
	h := newHarness(t).login()
	tests := []struct {
		key, value string
		path       []string // where config.json holds it
		want       any
	}{
		{"inject_budget_tokens", " 2500 ", []string{"inject_budget_tokens"}, float64(2500)},
		{"reflection.max_tokens", "700", []string{"reflection", "max_tokens"}, float64(700)},
		{"reflection.auto", "yes", []string{"reflection", "auto"}, true},
		{"embed.provider", "STATIC", []string{"embed", "provider"}, "static"},
	}
	for _, tc := range tests {
		t.Run(tc.key, func(t *testing.T) {
			h.t = t
			h.must(h.post("/settings", url.Values{"key": {tc.key}, "value": {tc.value}}), http.StatusSeeOther)
			var got any = config.ReadFile(h.app.Home.Root())
			for _, k := range tc.path {
				m, ok := got.(map[string]any)
				if !ok {
					t.Fatalf("config.json has no %v", tc.path)
				}
				got = m[k]
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("config.json %v = %#v, want %#v", tc.path, got, tc.want)
			}
		})
	}
	h.t = t
	// Clearing a nested setting removes it, and the object it leaves empty.
	h.must(h.post("/settings", url.Values{"key": {"embed.provider"}, "clear": {"1"}}), http.StatusSeeOther)
	if _, ok := config.ReadFile(h.app.Home.Root())["embed"]; ok {
		t.Fatalf("config.json keeps an empty embed object: %v", config.ReadFile(h.app.Home.Root()))
	}
}
