package app

import (
	"context"
	"strings"
)

// DiffLine is one line of a line diff: Op is ' ' (both), '-' (only in From) or '+' (only in To).
type DiffLine struct {
	Op   byte   `json:"op"`
	Text string `json:"text"`
}

// NoteDiff is the difference between two revisions of a note's file.
type NoteDiff struct {
	From, To string // the revisions compared
	Lines    []DiffLine
	Changed  bool
}

// Diff compares two revisions of a note (see History), line by line over the whole file, so a
// change of any front-matter field shows as well as a change of the body.
func (a *App) Diff(ctx context.Context, id, from, to string) (NoteDiff, error) {
	_, fb, err := a.NoteAt(ctx, id, from)
	if err != nil {
		return NoteDiff{}, err
	}
	_, tb, err := a.NoteAt(ctx, id, to)
	if err != nil {
		return NoteDiff{}, err
	}
	lines := LineDiff(string(fb), string(tb))
	d := NoteDiff{From: from, To: to, Lines: lines}
	for _, l := range lines {
		if l.Op != ' ' {
			d.Changed = true
			break
		}
	}
	return d, nil
}

// maxDiffCells bounds the LCS table; larger inputs are shown as a whole replacement.
const maxDiffCells = 4_000_000

// LineDiff is a longest-common-subsequence line diff of a and b. Notes are small, so the
// quadratic table is cheap; beyond maxDiffCells the diff is "all of a removed, all of b added".
func LineDiff(a, b string) []DiffLine {
	x, y := splitLines(a), splitLines(b)
	// Trim the common head and tail first: most edits touch a few lines.
	var head []DiffLine
	for len(x) > 0 && len(y) > 0 && x[0] == y[0] {
		head = append(head, DiffLine{' ', x[0]})
		x, y = x[1:], y[1:]
	}
	var tail []DiffLine
	for len(x) > 0 && len(y) > 0 && x[len(x)-1] == y[len(y)-1] {
		tail = append([]DiffLine{{' ', x[len(x)-1]}}, tail...)
		x, y = x[:len(x)-1], y[:len(y)-1]
	}
	mid := make([]DiffLine, 0, len(x)+len(y))
	if (len(x)+1)*(len(y)+1) > maxDiffCells {
		for _, l := range x {
			mid = append(mid, DiffLine{'-', l})
		}
		for _, l := range y {
			mid = append(mid, DiffLine{'+', l})
		}
	} else {
		// lcs[i][j] is the LCS length of x[i:] and y[j:].
		w := len(y) + 1
		lcs := make([]int, (len(x)+1)*w)
		for i := len(x) - 1; i >= 0; i-- {
			for j := len(y) - 1; j >= 0; j-- {
				if x[i] == y[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(x) && j < len(y) {
			switch {
			case x[i] == y[j]:
				mid = append(mid, DiffLine{' ', x[i]})
				i, j = i+1, j+1
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				mid = append(mid, DiffLine{'-', x[i]})
				i++
			default:
				mid = append(mid, DiffLine{'+', y[j]})
				j++
			}
		}
		for ; i < len(x); i++ {
			mid = append(mid, DiffLine{'-', x[i]})
		}
		for ; j < len(y); j++ {
			mid = append(mid, DiffLine{'+', y[j]})
		}
	}
	return append(append(head, mid...), tail...)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
