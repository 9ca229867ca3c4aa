package gitsync

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha1" //nolint:gosec // git's object ids, not a security boundary
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// change is one entry of a raw tree diff (diff-tree / diff --raw with -z).
type change struct {
	oldMode, newMode string
	oldOID, newOID   string
	status           byte // A, M, D, T
	path             string
}

// deleted reports whether the change removes the path.
func (ch change) deleted() bool { return ch.status == 'D' }

// gitlinkMode is a submodule entry: sync never writes those.
const gitlinkMode = "160000"

// parseRaw reads `--raw -z` output: ":oldmode newmode oldoid newoid S\0path\0" per change.
func parseRaw(out string) ([]change, error) {
	f := strings.Split(out, "\x00")
	var chs []change
	for i := 0; i+1 < len(f); i += 2 {
		meta := strings.Fields(strings.TrimPrefix(f[i], ":"))
		if len(meta) != 5 || meta[4] == "" {
			return nil, fmt.Errorf("unexpected git diff line %q", f[i])
		}
		chs = append(chs, change{oldMode: meta[0], newMode: meta[1], oldOID: meta[2], newOID: meta[3],
			status: meta[4][0], path: f[i+1]})
	}
	return chs, nil
}

// diffTrees lists the changes from tree-ish from ("" = the empty tree) to tree-ish to.
func (c *cycle) diffTrees(ctx context.Context, from, to string) ([]change, error) {
	if from == "" {
		var err error
		if from, err = c.emptyTree(ctx); err != nil {
			return nil, err
		}
	}
	out, err := c.g.run(ctx, "diff-tree", "-r", "-z", "--raw", "--no-abbrev", "--no-renames", from, to)
	if err != nil {
		return nil, fmt.Errorf("compare %s and %s: %w", short(from), short(to), err)
	}
	return parseRaw(out)
}

// emptyTree is the id of the empty tree in this repository's object format.
func (c *cycle) emptyTree(ctx context.Context) (string, error) {
	if c.empty != "" {
		return c.empty, nil
	}
	out, err := c.g.exec(ctx, c.g.local, []byte{}, nil, "hash-object", "-w", "-t", "tree", "--stdin")
	if err != nil {
		return "", fmt.Errorf("write the empty tree: %w", err)
	}
	c.empty = strings.TrimSpace(string(out))
	return c.empty, nil
}

// readBlobs reads many blobs with one git process.
func (c *cycle) readBlobs(ctx context.Context, oids []string) (map[string][]byte, error) {
	blobs := make(map[string][]byte, len(oids))
	if len(oids) == 0 {
		return blobs, nil
	}
	in := strings.Join(oids, "\n") + "\n"
	out, err := c.g.exec(ctx, c.g.local, []byte(in), nil, "cat-file", "--batch")
	if err != nil {
		return nil, fmt.Errorf("read notes from git: %w", err)
	}
	r := bufio.NewReader(bytes.NewReader(out))
	for range oids {
		hdr, err := r.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("read notes from git: %w", err)
		}
		parts := strings.Fields(hdr)
		if len(parts) != 3 {
			return nil, fmt.Errorf("read notes from git: %s", strings.TrimSpace(hdr))
		}
		size, err := strconv.Atoi(parts[2])
		if err != nil {
			return nil, fmt.Errorf("read notes from git: bad header %q", strings.TrimSpace(hdr))
		}
		data := make([]byte, size+1) // content and its trailing newline
		if _, err := io.ReadFull(r, data); err != nil {
			return nil, fmt.Errorf("read notes from git: %w", err)
		}
		blobs[parts[0]] = data[:size]
	}
	return blobs, nil
}

// blobID is the git object id data would have as a blob, in the object format whose ids are
// like oid (SHA-1, or SHA-256 for 64 hex digits), so a file can be compared with a committed
// version without starting git.
func blobID(data []byte, like string) string {
	hdr := "blob " + strconv.Itoa(len(data)) + "\x00"
	if len(like) == 64 {
		h := sha256.New()
		h.Write([]byte(hdr))
		h.Write(data)
		return hex.EncodeToString(h.Sum(nil))
	}
	h := sha1.New() //nolint:gosec // git's object ids
	h.Write([]byte(hdr))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

func short(oid string) string {
	if len(oid) > 12 {
		return oid[:12]
	}
	return oid
}
