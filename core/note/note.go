// Package note holds the memory note record: its fields, the allowed values of its enumerations,
// id and timestamp rules, and the markdown-with-YAML-front-matter codec that is byte-compatible
// with the Python reference's store.
package note

import (
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
)

// Type is what kind of knowledge a note holds.
type Type string

// The three note types. Procedural and semantic notes are durable; episodic notes record what
// happened in a session and serve as short-lived continuity.
const (
	Procedural Type = "procedural"
	Semantic   Type = "semantic"
	Episodic   Type = "episodic"
)

// Types lists every valid Type, in the order the store lays out its directories.
var Types = []Type{Procedural, Semantic, Episodic}

// Scope says whether a note travels to the user's other machines.
type Scope string

// Portable notes live under memory/ and are synced; machine-local notes live under local/ and
// never leave the machine.
const (
	Portable     Scope = "portable"
	MachineLocal Scope = "machine-local"
)

// Scopes lists every valid Scope.
var Scopes = []Scope{Portable, MachineLocal}

// Source records how a note came to exist.
type Source string

// Provenance values accepted by the Python reference's schema (v3).
const (
	SourceHuman      Source = "human"
	SourceSessionEnd Source = "session-end"
	SourceReflection Source = "reflection"
	SourceImport     Source = "import"
	SourceMerge      Source = "merge"
)

// Sources lists every valid Source.
var Sources = []Source{SourceHuman, SourceSessionEnd, SourceReflection, SourceImport, SourceMerge}

// AgentTagPrefix begins the tag naming the coding agent a note came from ("agent:codex"): a
// tag, not a front-matter field, so the Python reference reads such notes unchanged.
const AgentTagPrefix = "agent:"

// AgentTag is the tag of agent ("" for none).
func AgentTag(agent string) string {
	if agent == "" {
		return ""
	}
	return AgentTagPrefix + agent
}

// Status is the lifecycle state of a note. The zero value means active.
type Status string

// StatusDeleted marks a forgotten (soft-deleted) note. It is written into the front matter so that
// sync carries a forget as an ordinary edit and nothing resurrects the note.
const (
	StatusActive  Status = ""
	StatusDeleted Status = "deleted"
)

// Defaults applied when a front-matter key is absent, matching the Python reference.
const (
	DefaultProject     = "global"
	DefaultMachineID   = "unknown"
	DefaultUserID      = "self"
	DefaultWorkspaceID = "personal"
)

// Note is one memory. Timestamps are kept as the text found in the file (UTC ISO-8601 with
// seconds and "+00:00" when written here), so hand-written values survive a round trip unchanged.
type Note struct {
	ID             string   `json:"id"`
	Type           Type     `json:"type"`
	Title          string   `json:"title"`
	Project        string   `json:"project"`
	MachineID      string   `json:"machine_id"`
	Scope          Scope    `json:"scope"`
	UserID         string   `json:"user_id"`
	WorkspaceID    string   `json:"workspace_id"`
	ProvSource     Source   `json:"prov_source"`
	Confidence     float64  `json:"confidence"`
	ProvModel      string   `json:"prov_model,omitempty"`
	ProvSession    string   `json:"prov_session,omitempty"`
	Supersedes     []string `json:"supersedes,omitempty"`
	CreatedAt      string   `json:"created_at"`
	UpdatedAt      string   `json:"updated_at"`
	Tags           []string `json:"tags"`
	Status         Status   `json:"status,omitempty"`
	DeletedAt      string   `json:"deleted_at,omitempty"`
	IdempotencyKey string   `json:"idempotency_key,omitempty"`
	Body           string   `json:"body"`
}

// Deleted reports whether the note has been forgotten.
func (n *Note) Deleted() bool { return n.Status == StatusDeleted }

// RelPath is the note's path relative to its scope's tree: "<type>/<id>.md".
func (n *Note) RelPath() string { return string(n.Type) + "/" + n.ID + ".md" }

// HasTag reports whether the note carries tag t.
func (n *Note) HasTag(t string) bool {
	for _, x := range n.Tags {
		if x == t {
			return true
		}
	}
	return false
}

// TimeFormat is the timestamp layout written into notes: UTC, seconds, "+00:00" rather than "Z",
// so timestamps sort correctly as text and match the Python reference.
const TimeFormat = "2006-01-02T15:04:05+00:00"

// FormatTime renders t in TimeFormat.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeFormat) }

// Now is the current time in TimeFormat.
func Now() string { return FormatTime(time.Now()) }

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewID returns a fresh ULID. IDs made within one millisecond are monotonic, so they sort in
// creation order even under a burst of writes.
func NewID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// ErrInvalid is wrapped by every validation error, so callers can tell bad input from failures.
var ErrInvalid = errors.New("invalid")

// invalidf builds a validation error that wraps ErrInvalid.
func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ValidateID checks that id is a 26-character upper-case ULID. It is called before an id ever
// becomes part of a path, which is what makes path traversal through ids impossible.
func ValidateID(id string) error {
	if len(id) != 26 {
		return invalidf("id %q is not a ULID (26 characters of Crockford base32)", id)
	}
	for i := 0; i < len(id); i++ {
		if strings.IndexByte(crockford, id[i]) < 0 {
			return invalidf("id %q is not a ULID (26 characters of Crockford base32)", id)
		}
	}
	if id[0] > '7' {
		return invalidf("id %q is not a ULID (timestamp overflows)", id)
	}
	return nil
}

func joinValues[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

func oneOf[T ~string](v T, allowed []T, what string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return invalidf("%s %q is not one of: %s", what, string(v), joinValues(allowed))
}

// ValidateType checks t against the three note types.
func ValidateType(t Type) error { return oneOf(t, Types, "type") }

// ValidateScope checks s against the two scopes.
func ValidateScope(s Scope) error { return oneOf(s, Scopes, "scope") }

// ValidateSource checks s against the provenance values.
func ValidateSource(s Source) error { return oneOf(s, Sources, "prov_source") }

// ParseType returns s as a Type, or a validation error naming the allowed values.
func ParseType(s string) (Type, error) {
	t := Type(strings.TrimSpace(s))
	return t, ValidateType(t)
}

// ParseScope returns s as a Scope, or a validation error naming the allowed values.
func ParseScope(s string) (Scope, error) {
	sc := Scope(strings.TrimSpace(s))
	return sc, ValidateScope(sc)
}

// Validate checks everything the index's constraints would reject, plus the id, so that a bad note
// is refused with a clear sentence before anything touches the disk.
func (n *Note) Validate() error {
	if err := ValidateID(n.ID); err != nil {
		return err
	}
	if err := ValidateType(n.Type); err != nil {
		return err
	}
	if err := ValidateScope(n.Scope); err != nil {
		return err
	}
	if err := ValidateSource(n.ProvSource); err != nil {
		return err
	}
	if strings.TrimSpace(n.Title) == "" {
		return invalidf("title is empty")
	}
	if n.Status != StatusActive && n.Status != StatusDeleted && n.Status != "active" {
		return invalidf("status %q is not one of: active, deleted", n.Status)
	}
	for _, s := range n.Supersedes {
		if err := ValidateID(s); err != nil {
			return fmt.Errorf("supersedes: %w", err)
		}
	}
	return nil
}

// ApplyDefaults fills absent fields with the Python reference's defaults.
func (n *Note) ApplyDefaults() {
	if n.Project == "" {
		n.Project = DefaultProject
	}
	if n.MachineID == "" {
		n.MachineID = DefaultMachineID
	}
	if n.Scope == "" {
		n.Scope = Portable
	}
	if n.UserID == "" {
		n.UserID = DefaultUserID
	}
	if n.WorkspaceID == "" {
		n.WorkspaceID = DefaultWorkspaceID
	}
	if n.ProvSource == "" {
		n.ProvSource = SourceHuman
	}
	if n.Tags == nil {
		n.Tags = []string{}
	}
	if n.Status == "active" {
		n.Status = StatusActive
	}
}

// NormalizeTags trims tags, drops empty ones and duplicates, and keeps first-seen order.
func NormalizeTags(tags []string) []string {
	out := make([]string, 0, len(tags))
	seen := make(map[string]bool, len(tags))
	for _, t := range tags {
		t = strings.TrimSpace(t)
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}
