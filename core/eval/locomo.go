package eval

import (
	"archive/zip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// LoCoMo (Maharana et al., ACL 2024) is ten long two-person conversations and questions whose
// evidence names the dialog turns that answer them. Every turn becomes one note, so that figures
// compare with what other memory engines publish on the same data: title "<speaker> on <session
// date time>", body "<speaker>: <text>" plus the shared image's caption, type episodic, one
// project per conversation; each question searches its own conversation.

// Conversation is one LoCoMo sample.
type Conversation struct {
	ID    string // the file's stem, e.g. "26"
	Turns []Turn
	QA    []QA
}

// Turn is one dialog turn.
type Turn struct {
	DiaID, Speaker, Text, Caption string
	When                          string // the session's date and time as written
	Time                          time.Time
}

// QA is one question with the ids of its evidence turns.
type QA struct {
	Question string
	Evidence []string
	Category int
}

// CategoryNames are LoCoMo's question categories; 5 (adversarial) is left out, as others do.
var CategoryNames = map[int]string{1: "1 multi-hop", 2: "2 temporal", 3: "3 open-domain", 4: "4 single-hop"}

type rawTurn struct {
	Speaker string `json:"speaker"`
	DiaID   string `json:"dia_id"`
	Text    string `json:"text"`
	Caption string `json:"blip_caption"`
}

type rawQA struct {
	Question string          `json:"question"`
	Evidence []string        `json:"evidence"`
	Category json.RawMessage `json:"category"`
}

var sessionKey = regexp.MustCompile(`^session_(\d+)$`)

// ReadLoCoMo reads every conversation of the benchmark's zip archive.
func ReadLoCoMo(zipPath string) ([]Conversation, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, fmt.Errorf("open LoCoMo archive: %w", err)
	}
	defer func() { _ = zr.Close() }()
	var out []Conversation
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || path.Ext(f.Name) != ".json" {
			continue
		}
		c, err := readConversation(f)
		if err != nil {
			return nil, fmt.Errorf("LoCoMo %s: %w", f.Name, err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no LoCoMo conversations in %s", zipPath)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

func readConversation(f *zip.File) (Conversation, error) {
	rc, err := f.Open()
	if err != nil {
		return Conversation{}, err
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		return Conversation{}, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return Conversation{}, err
	}
	// Some copies nest the sessions under "conversation".
	if inner, ok := raw["conversation"]; ok {
		var conv map[string]json.RawMessage
		if err := json.Unmarshal(inner, &conv); err == nil {
			for k, v := range conv {
				raw[k] = v
			}
		}
	}
	c := Conversation{ID: strings.TrimSuffix(path.Base(f.Name), ".json")}
	var sessions []int
	for k := range raw {
		if m := sessionKey.FindStringSubmatch(k); m != nil {
			n, _ := strconv.Atoi(m[1])
			sessions = append(sessions, n)
		}
	}
	sort.Ints(sessions)
	for _, s := range sessions {
		var when string
		_ = json.Unmarshal(raw[fmt.Sprintf("session_%d_date_time", s)], &when)
		t, _ := time.Parse("3:04 pm on 2 January, 2006", when)
		var turns []rawTurn
		if err := json.Unmarshal(raw[fmt.Sprintf("session_%d", s)], &turns); err != nil {
			return Conversation{}, fmt.Errorf("session %d: %w", s, err)
		}
		for i, rt := range turns {
			c.Turns = append(c.Turns, Turn{DiaID: rt.DiaID, Speaker: rt.Speaker, Text: rt.Text, Caption: rt.Caption,
				When: when, Time: t.Add(time.Duration(i) * time.Second)})
		}
	}
	var qas []rawQA
	if err := json.Unmarshal(raw["qa"], &qas); err != nil {
		return Conversation{}, fmt.Errorf("qa: %w", err)
	}
	for _, q := range qas {
		cat, _ := strconv.Atoi(strings.Trim(string(q.Category), `"`))
		c.QA = append(c.QA, QA{Question: q.Question, Evidence: q.Evidence, Category: cat})
	}
	return c, nil
}

// Project is the project key of a conversation's notes.
func (c Conversation) Project() string { return "locomo/" + c.ID }

// Note is the note a turn becomes. Its id is derived from the conversation and turn, so a store
// built twice is the same store.
func (c Conversation) Note(t Turn) *note.Note {
	sum := sha256.Sum256([]byte(c.ID + "/" + t.DiaID))
	id := ulid.MustNew(ulid.Timestamp(t.Time), strings.NewReader(string(sum[:]))).String()
	body := t.Speaker + ": " + t.Text
	if t.Caption != "" {
		body += "\n[shared an image: " + t.Caption + "]"
	}
	n := &note.Note{ID: id, Type: note.Episodic, Title: t.Speaker + " on " + t.When, Body: body,
		Project: c.Project(), MachineID: "locomo", Scope: note.Portable, Confidence: 1}
	n.ApplyDefaults()
	n.CreatedAt = note.FormatTime(t.Time)
	n.UpdatedAt = n.CreatedAt
	return n
}

// WriteLoCoMo writes every turn of convs as a note file under the store root dir and returns the
// questions of the given categories (nil means 1–4), each scoped to its conversation.
func WriteLoCoMo(ctx context.Context, dir string, convs []Conversation, categories []int) ([]Question, error) {
	if categories == nil {
		categories = []int{1, 2, 3, 4}
	}
	want := map[int]bool{}
	for _, c := range categories {
		want[c] = true
	}
	tree := filepath.Join(dir, "memory", string(note.Episodic))
	if err := os.MkdirAll(tree, 0o755); err != nil {
		return nil, err
	}
	var qs []Question
	for _, c := range convs {
		ids := map[string]string{}
		for _, t := range c.Turns {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			n := c.Note(t)
			if err := os.WriteFile(filepath.Join(tree, n.ID+".md"), note.Marshal(n), 0o644); err != nil {
				return nil, fmt.Errorf("write LoCoMo note: %w", err)
			}
			ids[t.DiaID] = n.ID
		}
		for _, q := range c.QA {
			if !want[q.Category] {
				continue
			}
			var rel []string
			for _, e := range q.Evidence {
				// Evidence is sometimes written "D8:6; D9:17" in one entry.
				for _, part := range strings.FieldsFunc(e, func(r rune) bool { return r == ';' || r == ',' || r == ' ' }) {
					if id, ok := ids[part]; ok {
						rel = append(rel, id)
					}
				}
			}
			if len(rel) == 0 {
				continue // evidence names no turn this copy has
			}
			name := CategoryNames[q.Category]
			if name == "" {
				name = strconv.Itoa(q.Category)
			}
			qs = append(qs, Question{Query: q.Question, Relevant: rel, Scope: c.Project(), Category: name})
		}
	}
	return qs, nil
}
