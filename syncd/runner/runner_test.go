package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// The capture spool is drained before the cycle syncs, so a captured session reaches the other
// machines in the same cycle; a drain failure is logged and the sync goes on.
func TestOnceDrainsTheSpoolBeforeSyncing(t *testing.T) {
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(t.TempDir(), "gitconfig"))
	t.Setenv(config.EnvRemote, "")
	t.Setenv(config.EnvMachineID, "box")
	for _, tc := range []struct {
		name      string
		drainErr  error
		wantSaved bool
	}{
		{"drained note is committed", nil, true},
		{"drain failure does not stop sync", errors.New("spool unreadable"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			var log bytes.Buffer
			r := &Runner{Home: home, Log: &log, Drain: func(ctx context.Context, st *store.Store, cfg *config.Config) (int, error) {
				if tc.drainErr != nil {
					return 0, tc.drainErr
				}
				_, err := st.Write(ctx, store.WriteInput{Type: note.Episodic, Title: "captured session", Body: "x"})
				return 1, err
			}}
			res, err := r.Once(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Committed != ""; got != tc.wantSaved {
				t.Fatalf("committed = %q", res.Committed)
			}
			if tc.drainErr != nil && !strings.Contains(log.String(), "spool unreadable") {
				t.Fatalf("drain failure not logged: %q", log.String())
			}
			s, err := gitsync.ReadStatusFile(home)
			if err != nil || s.LastSuccess == "" {
				t.Fatalf("status = %+v, %v", s, err)
			}
			if _, err := os.Stat(filepath.Join(home, "memory", ".git")); err != nil {
				t.Fatal(err)
			}
		})
	}
}
