package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// fileInfo is what the drift check compares: a file's key, size and modification time.
type fileInfo struct {
	key   string // "memory/<type>/<id>.md"
	abs   string
	dir   string // directory holding the file, for stat calls relative to it
	name  string
	scope note.Scope
	rel   string // relative to its tree
	size  int64
	mtime int64
}

// subtree is a directory inside one of the two trees: rel "" is the whole tree.
type subtree struct {
	scope note.Scope
	rel   string // slash-separated, relative to the tree
}

// wholeTrees is what a full walk covers, portable first.
var wholeTrees = []subtree{{scope: note.Portable}, {scope: note.MachineLocal}}

// keyPrefix is the index-key prefix of every file under t ("memory/" or "memory/semantic/").
func (t subtree) keyPrefix() string {
	if t.rel == "" {
		return relKey(t.scope, "")
	}
	return relKey(t.scope, t.rel) + "/"
}

// walk lists every *.md file of the given subtrees, portable first, sorted, so that when two files
// carry the same id the machine-local one is indexed last and wins, as in the reference.
// Directories are read unsorted and files are stat'ed on every core: a full walk stats every note,
// and on 10,000 notes the stat calls are most of its cost.
func (s *Store) walk(subs []subtree) ([]fileInfo, dirTimes, error) {
	var files []fileInfo
	dirs := dirTimes{}
	for _, sc := range []note.Scope{note.Portable, note.MachineLocal} {
		var cands []fileInfo
		for _, t := range subs {
			if t.scope != sc {
				continue
			}
			base := s.TreeDir(sc)
			if err := listTree(base, t.rel, sc, &cands, dirs); err != nil {
				return nil, nil, fmt.Errorf("scan %s: %w", base, err)
			}
		}
		statAll(cands)
		tree := cands[:0]
		for _, f := range cands {
			if f.size >= 0 {
				tree = append(tree, f)
			}
		}
		sort.Slice(tree, func(i, j int) bool { return tree[i].key < tree[j].key })
		files = append(files, tree...)
	}
	return files, dirs, nil
}

// listTree collects the *.md files under base/rel (recursively, skipping dot-directories such as
// .git) without stat'ing them, and records each directory's modification time, taken before its
// entries are read so that a file added meanwhile shows as a changed directory next time.
func listTree(base, rel string, sc note.Scope, out *[]fileInfo, dirs dirTimes) error {
	dir := base
	if rel != "" {
		dir = base + string(filepath.Separator) + filepath.FromSlash(rel)
	}
	var d dirStatter
	_, dirs[dir] = d.stat(filepath.Dir(dir), filepath.Base(dir))
	d.close()
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return err
	}
	prefix := rel
	if prefix != "" {
		prefix += "/"
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue // .git, editors' swap files, our own temp files
		}
		if e.IsDir() {
			if err := listTree(base, prefix+name, sc, out, dirs); err != nil {
				return err
			}
			continue
		}
		if !strings.HasSuffix(name, ".md") || !e.Type().IsRegular() {
			continue
		}
		r := prefix + name
		*out = append(*out, fileInfo{key: relKey(sc, r), abs: dir + string(filepath.Separator) + name,
			dir: dir, name: name, scope: sc, rel: r})
	}
	return nil
}

// statAll fills size and mtime of every file, in parallel; a file that vanished gets size -1.
// Files arrive grouped by directory, and each worker stats them relative to an open descriptor of
// their directory, so the kernel resolves one path component per file instead of the whole path.
func statAll(files []fileInfo) {
	if len(files) == 0 {
		return
	}
	workers := 2 * runtime.GOMAXPROCS(0)
	chunk := (len(files) + workers - 1) / workers
	var wg sync.WaitGroup
	for start := 0; start < len(files); start += chunk {
		end := min(start+chunk, len(files))
		wg.Add(1)
		go func(part []fileInfo) {
			defer wg.Done()
			var d dirStatter
			defer d.close()
			for i := range part {
				part[i].size, part[i].mtime = d.stat(part[i].dir, part[i].name)
			}
		}(files[start:end])
	}
	wg.Wait()
}

// relKey is the index key of a file: its path relative to the store root, with forward slashes.
func relKey(sc note.Scope, rel string) string {
	dir := PortableDir
	if sc == note.MachineLocal {
		dir = LocalDir
	}
	return dir + "/" + filepath.ToSlash(rel)
}

// splitKey is relKey's inverse: the scope of the tree a key is in and the path inside that tree.
func splitKey(key string) (note.Scope, string, bool) {
	switch {
	case strings.HasPrefix(key, PortableDir+"/"):
		return note.Portable, strings.TrimPrefix(key, PortableDir+"/"), true
	case strings.HasPrefix(key, LocalDir+"/"):
		return note.MachineLocal, strings.TrimPrefix(key, LocalDir+"/"), true
	}
	return "", "", false
}
