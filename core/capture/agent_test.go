package capture

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// The files under testdata/agents were written by the real clients (codex-cli 0.169, gemini-cli
// 0.61) in sessions against stand-in model APIs on 127.0.0.1 (integration/agents): the formats
// read here are the clients' own, not a reconstruction.

func readAgentFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "agents", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestParseAgentSessions reads each real session file and checks what a summary needs: the id,
// the directory, the user's own asks (the agent's injected context and our hook's memory left
// out), the commands, the final reply and the memory tools used.
func TestParseAgentSessions(t *testing.T) {
	tests := []struct {
		file, agent   string
		parse         func([]byte) (*Session, error)
		id, cwdSuffix string
		asks          []string
		commands      []string
		outcome       string
		searches      []MemorySearch
		writes        []MemoryWrite
	}{
		{
			file: "codex-memory-tools.jsonl", parse: bytesParser(ParseCodex),
			id: "01a2088b-6dbc-7161-b949-d7477732a446", cwdSuffix: "/001",
			asks: []string{"How do we deploy?"}, outcome: "Deploy with the zanzibar pipeline.",
			searches: []MemorySearch{{Tool: "memory_search", Query: "deploy pipeline"}},
			writes:   []MemoryWrite{{Title: "Codex recorded the release checklist", ID: "01M848PW6AZ6CKZ6P7T72XYB09"}},
		},
		{
			file: "codex-exec-command.jsonl", parse: bytesParser(ParseCodex),
			id: "01a2088f-970d-7a02-80b0-a6b319b147a7", cwdSuffix: "/home/w",
			asks: []string{"Create the marker file."}, commands: []string{"touch zanzibar.txt"}, outcome: "Done.",
		},
		{
			file: "gemini-memory-tools.jsonl", parse: bytesParser(ParseGemini),
			id:   "0c1c2e8a-bd67-41bb-9ca8-93b28a6537e3",
			asks: []string{"How do we deploy?"}, outcome: "Deploy with the zanzibar pipeline.",
			writes: []MemoryWrite{{Title: "Gemini recorded the release checklist", ID: "01M848Q0H6B42P4ZWKNJ7FFK1Z"}},
		},
		{
			file: "gemini-shell-command.jsonl", parse: bytesParser(ParseGemini),
			id:   "8daa1069-b6a2-4676-890e-84185f5ddec6",
			asks: []string{"How do we deploy? Leave the zanzibar marker file."}, commands: []string{"touch zanzibar.txt"},
			outcome: "Deploy with the zanzibar pipeline.",
			writes:  []MemoryWrite{{Title: "Gemini recorded the release checklist", ID: "01M849J7P4G755S2WN093JYZKG"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			s, err := tt.parse(readAgentFixture(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if tt.id != "" && s.ID != tt.id {
				t.Errorf("id = %q, want %q", s.ID, tt.id)
			}
			if !strings.HasSuffix(s.Cwd, tt.cwdSuffix) {
				t.Errorf("cwd = %q, want …%s", s.Cwd, tt.cwdSuffix)
			}
			if !reflect.DeepEqual(s.Asks, tt.asks) {
				t.Errorf("asks = %q, want %q", s.Asks, tt.asks)
			}
			if !reflect.DeepEqual(s.Commands, tt.commands) {
				t.Errorf("commands = %q, want %q", s.Commands, tt.commands)
			}
			if s.Outcome != tt.outcome {
				t.Errorf("outcome = %q, want %q", s.Outcome, tt.outcome)
			}
			if !reflect.DeepEqual(s.MemorySearches, tt.searches) {
				t.Errorf("searches = %+v, want %+v", s.MemorySearches, tt.searches)
			}
			if !reflect.DeepEqual(s.MemoryWrites, tt.writes) {
				t.Errorf("writes = %+v, want %+v", s.MemoryWrites, tt.writes)
			}
		})
	}
}

func bytesParser(p func(io.Reader) (*Session, error)) func([]byte) (*Session, error) {
	return func(b []byte) (*Session, error) { return p(bytes.NewReader(b)) }
}

// TestParseAgentTruncated cuts each real file in the middle of a line, as a file still being
// written or a crash leaves it: what was complete is read; a file with no complete record at all
// is a clear error, never an empty session.
func TestParseAgentTruncated(t *testing.T) {
	tests := []struct {
		file  string
		parse func([]byte) (*Session, error)
	}{
		{"codex-exec-command.jsonl", bytesParser(ParseCodex)},
		{"gemini-memory-tools.jsonl", bytesParser(ParseGemini)},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data := readAgentFixture(t, tt.file)
			lines := bytes.SplitAfter(data, []byte("\n"))
			// All but the last line, and half of the next-to-last: a torn write.
			cut := bytes.Join(lines[:len(lines)-2], nil)
			cut = append(cut, lines[len(lines)-2][:len(lines[len(lines)-2])/2]...)
			s, err := tt.parse(cut)
			if err != nil {
				t.Fatalf("a torn last line failed the whole file: %v", err)
			}
			if s.ID == "" || len(s.Asks) == 0 || s.Skipped != 1 {
				t.Errorf("torn file: id %q, asks %q, skipped %d (want the id, the asks, one line skipped)", s.ID, s.Asks, s.Skipped)
			}
			// Only the start of the first line: no record at all.
			if _, err := tt.parse(lines[0][:len(lines[0])/3]); err == nil || !strings.Contains(err.Error(), "none of its") {
				t.Errorf("a file with no complete record: err = %v, want a clear error", err)
			}
		})
	}
}

// TestParseGeminiDocument reads the single-document format of earlier Gemini CLI versions, made
// from the real chat's messages, and rejects the same document cut short.
func TestParseGeminiDocument(t *testing.T) {
	doc := `{"sessionId": "s-1", "projectHash": "h", "startTime": "2026-01-01T00:00:00Z",
  "messages": [
    {"id": "1", "type": "user", "content": [{"text": "<hook_context>memory</hook_context>\n\nWe decided to ship on Fridays."}]},
    {"id": "2", "type": "gemini", "content": "Noted.", "toolCalls": [
      {"id": "c1", "name": "run_shell_command", "args": {"command": "make release"}, "status": "success"},
      {"id": "c2", "name": "write_file", "args": {"file_path": "/p/NOTES.md"}, "status": "success"},
      {"id": "c3", "name": "replace", "args": {"file_path": "/p/other.md"}, "status": "error"}]}
  ]}`
	s, err := ParseGemini(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != "s-1" || !reflect.DeepEqual(s.Asks, []string{"We decided to ship on Fridays."}) ||
		!reflect.DeepEqual(s.Commands, []string{"make release"}) || !reflect.DeepEqual(s.Files, []string{"/p/NOTES.md"}) || s.Outcome != "Noted." {
		t.Errorf("parsed %+v", s)
	}
	if _, err := ParseGemini(strings.NewReader(doc[:len(doc)/2])); err == nil {
		t.Error("a document cut in half was read as a session")
	}
}

// TestCaptureAgentSession captures a real Codex rollout into a note tagged with the agent, and a
// second capture of the same session updates that note.
func TestCaptureAgentSession(t *testing.T) {
	t.Setenv("ANAMNESIS_MACHINE_ID", "testbox")
	dir := t.TempDir()
	st, err := store.Open(context.Background(), dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	path := filepath.Join(t.TempDir(), "rollout.jsonl")
	if err := os.WriteFile(path, readAgentFixture(t, "codex-exec-command.jsonl"), 0o600); err != nil {
		t.Fatal(err)
	}
	req := Request{TranscriptPath: path, Agent: AgentCodex, Event: EventSweep, Project: "p"}
	res, err := CaptureSession(context.Background(), st, req)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Created || res.Reason != ReasonCommands {
		t.Fatalf("result %+v, want a new note for the command run", res)
	}
	n, err := st.Get(context.Background(), res.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(n.Tags, []string{"session", "session-end", "agent:codex"}) || n.ProvSource != note.SourceSessionEnd ||
		n.ProvSession != "01a2088f-970d-7a02-80b0-a6b319b147a7" || !strings.Contains(n.Body, "touch zanzibar.txt") {
		t.Errorf("note: tags %v, source %s, session %s\n%s", n.Tags, n.ProvSource, n.ProvSession, n.Body)
	}
	again, err := CaptureSession(context.Background(), st, req)
	if err != nil || again.Created || again.ID != res.ID {
		t.Errorf("second capture: %+v, %v; want the same note updated", again, err)
	}
	if _, err := CaptureSession(context.Background(), st, Request{TranscriptPath: path, Agent: "vim"}); err == nil {
		t.Error("an unknown agent was captured")
	}
}

// TestDiscover finds the sessions changed after a time under an agent's directory, skips other
// files and an older session, and treats a missing directory as none.
func TestDiscover(t *testing.T) {
	root := t.TempDir()
	day := filepath.Join(root, "sessions", "2026", "11", "23")
	if err := os.MkdirAll(day, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte, mod time.Time) {
		p := filepath.Join(day, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	since := time.Now().Add(-time.Hour)
	write("rollout-new.jsonl", readAgentFixture(t, "codex-exec-command.jsonl"), time.Now())
	write("rollout-old.jsonl", readAgentFixture(t, "codex-memory-tools.jsonl"), since.Add(-time.Minute))
	write("notes.txt", []byte("x"), time.Now())
	write("rollout-empty.jsonl", nil, time.Now())
	got, err := Discover(context.Background(), AgentCodex, root, since)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].SessionID != "01a2088f-970d-7a02-80b0-a6b319b147a7" || got[0].Agent != AgentCodex ||
		got[0].TranscriptPath != filepath.Join(day, "rollout-new.jsonl") {
		t.Fatalf("discovered %+v", got)
	}
	all, err := Discover(context.Background(), AgentCodex, root, time.Time{})
	if err != nil || len(all) != 2 {
		t.Fatalf("discover all: %+v, %v", all, err)
	}
	for _, agent := range SweptAgents {
		if got, err := Discover(context.Background(), agent, filepath.Join(root, "nothing"), time.Time{}); err != nil || len(got) != 0 {
			t.Errorf("%s in a missing directory: %v, %v", agent, got, err)
		}
	}
	if _, err := Discover(context.Background(), AgentClaude, root, since); err == nil {
		t.Error("claude sessions were swept")
	}
}

// TestParseOpenCodeMissing: a database that is not there, and a session not in it, are
// os.ErrNotExist (the drain drops the entry).
func TestParseOpenCodeMissing(t *testing.T) {
	_, err := ParseOpenCode(context.Background(), filepath.Join(t.TempDir(), "opencode.db"), "ses_x")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing database: %v", err)
	}
}

// openCodeFixture is the database a real OpenCode 1.18 session wrote (integration/agents
// TestOpenCodeSession), unpacked into a temporary directory.
func openCodeFixture(t *testing.T) string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "agents", "opencode-session.db.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), OpenCodeDB)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestParseOpenCode reads a real OpenCode session from its database: the ask (without the quotes
// "opencode run" adds), the command, the note written through the memory's tool, the reply.
func TestParseOpenCode(t *testing.T) {
	db := openCodeFixture(t)
	const id = "ses_df76a71ddffeamkUsIcXT8bRPU"
	s, err := ParseOpenCode(context.Background(), db, id)
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != id || !strings.HasSuffix(s.Cwd, "/work") || !reflect.DeepEqual(s.Asks, []string{"Create the zanzibar marker file."}) ||
		!reflect.DeepEqual(s.Commands, []string{"touch zanzibar.txt"}) || s.Outcome != "Created zanzibar.txt." ||
		!reflect.DeepEqual(s.MemoryWrites, []MemoryWrite{{Title: "OpenCode recorded the release checklist", ID: "01M849BDV6QVANJ4ZQ96VNG49M"}}) {
		t.Errorf("parsed %+v", s)
	}
	got, err := Discover(context.Background(), AgentOpenCode, filepath.Dir(db), time.Time{})
	if err != nil || len(got) != 1 || got[0].SessionID != id || got[0].TranscriptPath != db || got[0].Agent != AgentOpenCode {
		t.Fatalf("discover: %+v, %v", got, err)
	}
	if later, err := Discover(context.Background(), AgentOpenCode, filepath.Dir(db), time.Now()); err != nil || len(later) != 0 {
		t.Errorf("discover since now: %+v, %v", later, err)
	}
	if _, err := ParseOpenCode(context.Background(), db, "ses_gone"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a session not in the database: %v", err)
	}
	// Not a database at all: a clear error, not a panic or an empty session.
	bad := filepath.Join(t.TempDir(), OpenCodeDB)
	if err := os.WriteFile(bad, []byte("not sqlite"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseOpenCode(context.Background(), bad, id); err == nil || errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file that is not a database: %v", err)
	}
}

// openCodeStorageFixture unpacks the storage/ folder a real OpenCode 1.1.65 session wrote (before
// OpenCode's database) and returns OpenCode's data directory holding it.
func openCodeStorageFixture(t *testing.T) string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "agents", "opencode-1.1-storage.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(root, filepath.FromSlash(h.Name))
		if h.Typeflag == tar.TypeDir {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestParseOpenCodeStorage reads a real session of OpenCode 1.1 from its JSON files, finds it by
// a sweep, skips a half-written part, and refuses a half-written session file.
func TestParseOpenCodeStorage(t *testing.T) {
	root := openCodeStorageFixture(t)
	const id = "ses_df748567cffepv4SBp1XpPMZSL"
	got, err := Discover(context.Background(), AgentOpenCode, root, time.Time{})
	if err != nil || len(got) != 1 || got[0].SessionID != id || !strings.HasSuffix(got[0].TranscriptPath, id+".json") {
		t.Fatalf("discover: %+v, %v", got, err)
	}
	s, err := parseSession(context.Background(), Request{TranscriptPath: got[0].TranscriptPath, SessionID: id, Agent: AgentOpenCode})
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != id || !strings.HasSuffix(s.Cwd, "/work") || !reflect.DeepEqual(s.Asks, []string{"Create the zanzibar marker file."}) ||
		!reflect.DeepEqual(s.Commands, []string{"touch zanzibar.txt"}) || s.Outcome != "Created zanzibar.txt." ||
		len(s.MemoryWrites) != 1 || s.MemoryWrites[0].Title != "OpenCode recorded the release checklist" || s.MemoryWrites[0].ID == "" {
		t.Errorf("parsed %+v", s)
	}
	// A part cut short: skipped, the rest read.
	parts, _ := filepath.Glob(filepath.Join(root, "storage", "part", "*", "*.json"))
	if len(parts) == 0 {
		t.Fatal("no parts in the fixture")
	}
	data, _ := os.ReadFile(parts[len(parts)-1])
	if err := os.WriteFile(parts[len(parts)-1], data[:len(data)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := ParseOpenCodeStorage(context.Background(), got[0].TranscriptPath); err != nil || s.Skipped != 1 || len(s.Asks) != 1 {
		t.Errorf("half a part: %+v, %v", s, err)
	}
	// The session file cut short: a clear error.
	data, _ = os.ReadFile(got[0].TranscriptPath)
	if err := os.WriteFile(got[0].TranscriptPath, data[:len(data)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseOpenCodeStorage(context.Background(), got[0].TranscriptPath); err == nil || !strings.Contains(err.Error(), "not complete JSON") {
		t.Errorf("half a session file: %v", err)
	}
}
