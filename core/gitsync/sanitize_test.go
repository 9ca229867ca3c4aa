package gitsync

import "testing"

func TestIdentPart(t *testing.T) {
	for in, want := range map[string]string{
		"laptop":           "laptop",
		"my laptop<x>":     "my-laptop-x-",
		"":                 "unknown",
		"host.example_1-a": "host.example_1-a",
		"évier\nnext":      "-vier-next",
	} {
		if got := identPart(in); got != want {
			t.Errorf("identPart(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"fatal: unable to access 'https://me:ghp_secret@github.com/me/notes.git/': timeout": "fatal: unable to access 'https://***@github.com/me/notes.git/': timeout",
		"ssh://git@host/srv/notes.git": "ssh://***@host/srv/notes.git",
		"no url here":                  "no url here",
	} {
		if got := redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}
