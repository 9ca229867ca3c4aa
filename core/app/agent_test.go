package app_test

import (
	"context"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// TestWriteTagsAgent checks that an App serving a named agent stamps agent:<name> on what it writes,
// once, and that an App without one adds nothing.
func TestWriteTagsAgent(t *testing.T) {
	t.Setenv("ANAMNESIS_MACHINE_ID", "testbox")
	t.Setenv("ANAMNESIS_GIT_REMOTE", "")
	tests := []struct {
		agent string
		tags  []string
		want  []string
	}{
		{"", []string{"x"}, []string{"x"}},
		{"codex", nil, []string{"agent:codex"}},
		{"gemini", []string{"x", "agent:gemini"}, []string{"x", "agent:gemini"}},
	}
	for _, tt := range tests {
		t.Run(tt.agent, func(t *testing.T) {
			a, err := app.New(t.TempDir(), app.Options{Agent: tt.agent})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			res, err := a.Write(context.Background(), app.WriteRequest{Type: "semantic", Title: "t", Body: "b", Tags: tt.tags})
			if err != nil {
				t.Fatal(err)
			}
			got, err := a.Show(context.Background(), res.Note.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Tags) != len(tt.want) {
				t.Fatalf("tags %v, want %v", got.Tags, tt.want)
			}
			for i := range tt.want {
				if got.Tags[i] != tt.want[i] {
					t.Fatalf("tags %v, want %v", got.Tags, tt.want)
				}
			}
		})
	}
}
