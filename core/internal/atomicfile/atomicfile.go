// Package atomicfile replaces files atomically: the data goes to a temporary file in the same
// directory, which is renamed over the target, so a reader sees the old file or the new one and
// never a partial one. It is the one implementation in core; config.WriteFileAtomic exposes it to
// the other modules.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// TempPattern names the temporary files. The leading dot keeps them out of the note walk and out
// of the capture spool's listing, so a crash between create and rename leaves nothing that is
// mistaken for a real file.
const TempPattern = ".tmp-anamnesis-*"

// Write replaces path with data, with permissions perm, and syncs the file before the rename, so
// the new content survives a crash once Write returns: for notes and settings.
func Write(path string, data []byte, perm os.FileMode) error {
	return write(path, data, perm, true)
}

// WriteNoSync is Write without the fsync: still atomic for readers, but a crash may lose the new
// content. For caches and queues whose loss costs a repeat, where an fsync would cost
// milliseconds someone waits for.
func WriteNoSync(path string, data []byte, perm os.FileMode) error {
	return write(path, data, perm, false)
}

func write(path string, data []byte, perm os.FileMode, sync bool) error {
	f, err := os.CreateTemp(filepath.Dir(path), TempPattern)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(perm); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if sync {
		if err := f.Sync(); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	ok = true
	return nil
}
