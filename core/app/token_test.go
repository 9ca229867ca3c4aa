package app_test

import (
	"os"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
)

// HTTPToken follows config.json as it is now: a token set, rotated or removed by another process
// is seen at the next call, without a Reload.
func TestHTTPTokenFollowsConfigFile(t *testing.T) {
	a := newApp(t)
	root := a.Home.Root()
	steps := []struct {
		name string
		set  any // written to config.json by "another process"; nil removes it
		want string
	}{
		{"set", "tok-one", "tok-one"},
		{"rotated", "tok-two", "tok-two"},
		{"same length, rotated again", "tok-3ab", "tok-3ab"},
		{"removed", nil, ""},
	}
	if got := a.HTTPToken(); got != "" {
		t.Fatalf("no token configured, got %q", got)
	}
	for _, st := range steps {
		if err := config.Update(root, map[string]any{config.KeyHTTPToken: st.set}); err != nil {
			t.Fatal(err)
		}
		if got := a.HTTPToken(); got != st.want {
			t.Fatalf("%s: HTTPToken = %q, want %q", st.name, got, st.want)
		}
	}
}

// EnsureHTTPToken makes a token once, keeps it in a private config.json, and returns the same one
// after.
func TestEnsureHTTPToken(t *testing.T) {
	a := newApp(t)
	if err := config.Update(a.Home.Root(), map[string]any{config.KeyMachineID: "keep-me"}); err != nil {
		t.Fatal(err)
	}
	tok, err := a.EnsureHTTPToken()
	if err != nil {
		t.Fatal(err)
	}
	if len(tok) != 64 {
		t.Fatalf("token %q: want 64 hex digits", tok)
	}
	again, err := a.EnsureHTTPToken()
	if err != nil || again != tok {
		t.Fatalf("second call = %q, %v; want %q", again, err, tok)
	}
	fi, err := os.Stat(config.Path(a.Home.Root()))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("config.json mode %v, want 0600", fi.Mode().Perm())
	}
	f := config.ReadFile(a.Home.Root())
	if f[config.KeyHTTPToken] != tok || f[config.KeyMachineID] != "keep-me" {
		t.Fatalf("config.json = %v: want the token beside the machine id kept", f)
	}
}

// BenchmarkHTTPToken is the cost the dashboard pays per request to follow config.json: one stat
// while the file is unchanged.
func BenchmarkHTTPToken(b *testing.B) {
	b.Setenv("ANAMNESIS_MACHINE_ID", "bench")
	a, err := app.New(b.TempDir(), app.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	if err := config.Update(a.Home.Root(), map[string]any{config.KeyHTTPToken: "tok-bench"}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if a.HTTPToken() != "tok-bench" {
			b.Fatal("token lost")
		}
	}
}
