//go:build unix

package gitsync

import (
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// fileOwner names the user owning path ("user alice (uid 1001)"), or "" when unknown.
func fileOwner(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	uid := strconv.FormatUint(uint64(st.Uid), 10)
	if u, err := user.LookupId(uid); err == nil {
		return "user " + u.Username + " (uid " + uid + ")"
	}
	return "uid " + uid
}
