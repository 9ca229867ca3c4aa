package server

import (
	"context"
	"fmt"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/lock"
)

func TestStripPaths(t *testing.T) {
	tests := []struct{ in, want string }{
		{"open /home/u/.anamnesis/index.db: denied", "open <path>/index.db: denied"},
		{`read "/tmp/x/y.md"`, `read "<path>/y.md"`},
		{"no path here, a/b stays", "no path here, a/b stays"},
		{"/etc/passwd", "<path>/passwd"},
	}
	for _, tt := range tests {
		if got := stripPaths(tt.in); got != tt.want {
			t.Errorf("stripPaths(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		err   error
		code  string
		retry bool
	}{
		{invalidf("limit must be an integer"), codeValidation, false},
		{fmt.Errorf("show: %w", app.ErrNotFound), codeNotFound, false},
		{notFoundf("no active session"), codeNotFound, false},
		{fmt.Errorf("edit: %w", app.ErrEditConflict), codeConflict, true},
		{fmt.Errorf("write: %w", lock.ErrBusy), codeBusy, true},
		{context.DeadlineExceeded, codeTimeout, true},
		{fmt.Errorf("disk full"), codeInternal, false},
	}
	for _, tt := range tests {
		if code, retry := classify(tt.err); code != tt.code || retry != tt.retry {
			t.Errorf("classify(%v) = %s, %v; want %s, %v", tt.err, code, retry, tt.code, tt.retry)
		}
	}
}

func TestClamp(t *testing.T) {
	p := func(n int) *int { return &n }
	tests := []struct {
		in   *int
		want int
	}{{nil, 5}, {p(0), 1}, {p(-7), 1}, {p(42), 42}, {p(101), 100}}
	for _, tt := range tests {
		if got := clamp(tt.in, 5, 1, 100); got != tt.want {
			t.Errorf("clamp(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}
