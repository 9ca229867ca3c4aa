package cli

import (
	"errors"
	"fmt"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// problemLine names the command once, whatever prefix the error brings from the engine below.
func TestProblemLine(t *testing.T) {
	sqlErr := errors.New("database is locked")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"search", fmt.Errorf("search: %w", sqlErr), "anamnesis search: database is locked"},
		{"sync", fmt.Errorf("sync: %w", fmt.Errorf("not syncing: %w", sqlErr)), "anamnesis sync: not syncing: database is locked"},
		{"sync", fmt.Errorf("push: %w", sqlErr), "anamnesis sync: push: database is locked"},
		// Only the command's own word is dropped, and only at the start.
		{"list", fmt.Errorf("list notes: %w", sqlErr), "anamnesis list: list notes: database is locked"},
		{"show", fmt.Errorf("read: show: %w", sqlErr), "anamnesis show: read: show: database is locked"},
		// Bad input is the application layer's sentence, without its internal prefix.
		{"show", &app.InvalidError{Msg: "id must be a note id"}, "anamnesis show: id must be a note id"},
	}
	for _, tc := range tests {
		if got := problemLine(tc.name, tc.err); got != tc.want {
			t.Errorf("problemLine(%q, %v) = %q, want %q", tc.name, tc.err, got, tc.want)
		}
	}
}
