package agents

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// runCodex runs one "codex exec" against api in m's HOME and returns the requests the stand-in saw.
func runCodex(t *testing.T, m *machine, api *responsesStandIn, ask string, extra ...string) []string {
	t.Helper()
	args := append([]string{"exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox"}, extra...)
	cmd := exec.Command(codexBin, append(args, ask)...)
	cmd.Dir = m.home
	cmd.Env = append(slices.Clone(m.env), "STANDIN_KEY=stand-in")
	runClient(t, "codex exec", cmd, 3*time.Minute)
	return api.all()
}

// TestCodexHooks: init --agent codex writes Codex's hooks.json, which Codex runs only once the
// user trusts the hooks. Untrusted (a plain codex exec), no memory is injected. Trusted (here
// --dangerously-bypass-hook-trust stands in for the user's review in /hooks), the SessionStart
// hook's memory reaches the model's first request and the Stop and SessionEnd hooks capture the
// session, read from Codex's rollout file, as a session note tagged agent:codex, with no sync and
// no sweep.
func TestCodexHooks(t *testing.T) {
	needClients(t)
	m := newMachine(t)
	api := newResponsesStandIn(t)
	m.write(t, ".codex/config.toml", "model = \"gpt-5\"\nmodel_provider = \"standin\"\n\n"+
		"[model_providers.standin]\nname = \"standin\"\nbase_url = \""+api.url+"\"\nwire_api = \"responses\"\nenv_key = \"STANDIN_KEY\"\n")
	out := m.run(t, "anamnesis", "init", "--agent", "codex", "--yes")
	if !strings.Contains(out, "hooks.json") || !strings.Contains(out, "/hooks") {
		t.Errorf("init does not say where the hooks went and that they need trust:\n%s", out)
	}
	m.run(t, "anamnesis", "write", "--type", "semantic", "--title", "Deploys go through the zanzibar pipeline",
		"--body", "Never deploy by hand.")
	// No sweep: a captured note can only come from the hooks.
	if err := os.Remove(filepath.Join(m.home, ".anamnesis", "agents", "codex.json")); err != nil {
		t.Fatal(err)
	}

	untrusted := runCodex(t, m, api, "How do we deploy?")
	if len(untrusted) == 0 || strings.Contains(untrusted[0], "Never deploy by hand") {
		t.Fatalf("untrusted hooks ran: %d requests; the first holds the memory: %v", len(untrusted), len(untrusted) > 0)
	}

	api2 := newResponsesStandIn(t)
	m.write(t, ".codex/config.toml", strings.Replace(m.file(t, ".codex/config.toml"), api.url, api2.url, 1))
	const ask = "How do we deploy? Leave the zanzibar marker file."
	reqs := runCodex(t, m, api2, ask, "--dangerously-bypass-hook-trust")
	if len(reqs) < 3 {
		t.Fatalf("%d requests reached the stand-in", len(reqs))
	}
	if !strings.Contains(reqs[0], "Never deploy by hand") {
		t.Errorf("the memory the SessionStart hook injected is not in the model's first request")
	}
	id, body := sessionNote(t, m, "codex", 30*time.Second)
	checkCaptured(t, body, ask)
	t.Logf("codex hooks: untrusted, nothing injected; trusted, memory injected into request 1 of %d and session note %s captured by the hooks", len(reqs), id)
}
