package app

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/anamnesis-go/anamnesis/core/config"
)

// fileStamp identifies config.json as it stood when the settings were read: a write by another
// process (config.Update renames a new file into place) changes at least one of its fields.
type fileStamp struct {
	info os.FileInfo // nil: no file
}

func stampOf(path string) fileStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{info: fi}
}

func (s fileStamp) same(o fileStamp) bool {
	if s.info == nil || o.info == nil {
		return s.info == nil && o.info == nil
	}
	return os.SameFile(s.info, o.info) && s.info.ModTime().Equal(o.info.ModTime()) && s.info.Size() == o.info.Size()
}

// loadSettings reads the settings and the stamp of the file they came from. The stamp is taken
// first, so a write landing during the read leaves a stamp that no longer matches: the next
// check reads again rather than keep a stale value.
func loadSettings(root string) (*config.Config, fileStamp, error) {
	st := stampOf(config.Path(root))
	cfg, err := config.Load(root)
	return cfg, st, err
}

// freshSettings returns the settings, reading them again first when config.json changed on disk
// since they were read: another process ran "anamnesis config set". One stat a call.
func (a *App) freshSettings() *config.Config {
	a.mu.Lock()
	cur := a.cfgStamp
	a.mu.Unlock()
	if !stampOf(a.Home.Config()).same(cur) {
		// A file that no longer parses loads as defaults with FileErr set: no http_token then,
		// which shuts token sign-in rather than keep a token the user may have just removed.
		_ = a.Reload()
	}
	return a.settings()
}

// HTTPToken is the configured http_token, "" when none is set. It follows config.json as it is
// now, not as it was at start: a long-running server that checks a token with it stops accepting
// a rotated or removed one at its next request.
func (a *App) HTTPToken() string {
	v, ok := a.freshSettings().Value(config.KeyHTTPToken)
	if !ok {
		return ""
	}
	return v.Value
}

// EnsureHTTPToken returns the http_token, generating a random one into config.json (mode 0600,
// never synced) the first time, for the MCP server's HTTP transport.
func (a *App) EnsureHTTPToken() (string, error) {
	if t := a.HTTPToken(); t != "" {
		return t, nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generate HTTP token: %w", err)
	}
	t := hex.EncodeToString(b)
	if err := config.Update(a.Home.Root(), map[string]any{config.KeyHTTPToken: t}); err != nil {
		return "", fmt.Errorf("save HTTP token: %w", err)
	}
	if err := a.Reload(); err != nil {
		return "", err
	}
	return t, nil
}
