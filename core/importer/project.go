package importer

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/project"
)

// Limits on reading transcripts for a cwd: the first lines carry it, and transcripts can be
// hundreds of megabytes, so reading stops early.
const (
	maxTranscriptLines = 200
	maxLineBytes       = 8 << 20
)

// projectOf returns the project key for a Claude Code project directory (…/projects/<slug>): the
// key of the first cwd recorded in its transcripts, else of the path the slug encodes.
func projectOf(ctx context.Context, dir string) string {
	if cwd := transcriptCwd(dir); cwd != "" {
		return project.Resolve(ctx, cwd)
	}
	return project.Resolve(ctx, decodeSlug(filepath.Base(dir)))
}

// transcriptCwd streams the directory's *.jsonl transcripts, in name order, and returns the first
// "cwd" field found. Unreadable files and lines are skipped.
func transcriptCwd(dir string) string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	slices.Sort(files)
	for _, f := range files {
		if cwd := firstCwd(f); cwd != "" {
			return cwd
		}
	}
	return ""
}

func firstCwd(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	for i := 0; i < maxTranscriptLines; i++ {
		line, err := readLine(r)
		if len(line) > 0 {
			var rec struct {
				Cwd string `json:"cwd"`
			}
			if json.Unmarshal(line, &rec) == nil && filepath.IsAbs(rec.Cwd) {
				return rec.Cwd
			}
		}
		if err != nil {
			return ""
		}
	}
	return ""
}

// readLine returns the next line, or nil for a line longer than maxLineBytes (skipped whole).
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) && len(line) > 0 {
				break
			}
			return nil, err
		}
		if !tooLong {
			line = append(line, chunk...)
			if len(line) > maxLineBytes {
				tooLong, line = true, nil
			}
		}
		if !isPrefix {
			break
		}
	}
	if tooLong {
		return nil, nil
	}
	return line, nil
}

// decodeSlug turns a Claude Code project directory name back into a path. The encoding replaced
// every character that is not a letter or digit with "-", so it cannot be undone exactly; where
// a run of parts joined by "_", "-" or "." names an existing directory, the longest such run wins
// ("-home-u-ros2-ws-src" → "/home/u/ros2_ws/src" when that exists), else each part is its own
// path element.
func decodeSlug(slug string) string {
	parts := strings.Split(strings.TrimPrefix(slug, "-"), "-")
	path := string(filepath.Separator)
	for i := 0; i < len(parts); {
		next, used := "", 1
	search:
		for j := len(parts); j > i+1; j-- {
			for _, sep := range []string{"_", "-", "."} {
				cand := filepath.Join(path, strings.Join(parts[i:j], sep))
				if info, err := os.Stat(cand); err == nil && info.IsDir() {
					next, used = cand, j-i
					break search
				}
			}
		}
		if next == "" {
			if parts[i] == "" {
				i++
				continue
			}
			next = filepath.Join(path, parts[i])
		}
		path = next
		i += used
	}
	return path
}
