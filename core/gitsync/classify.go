package gitsync

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// ErrNotPushed is matched (errors.Is) by every error that ends a cycle with local notes that did
// not reach the remote for a reason a plain retry will not fix by itself (a locked or refusing
// remote, a remote that kept moving): the cycle is a failure, never a success.
var ErrNotPushed = errors.New("local notes were not pushed")

// PushError is a push that did not happen, with what the user can do about it.
type PushError struct {
	Remote string // redacted URL
	Reason string // git's one-line reason
	Hint   string // what to do, or ""
}

func (e *PushError) Error() string {
	msg := fmt.Sprintf("push to %s failed: %s", e.Remote, e.Reason)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// Is makes errors.Is(err, ErrNotPushed) true.
func (e *PushError) Is(target error) bool { return target == ErrNotPushed }

// pushOutcome is how a failed push is handled.
type pushOutcome int

const (
	// pushRejected: the remote moved since the fetch (a non-fast-forward). Fetch, integrate, retry.
	pushRejected pushOutcome = iota
	// pushLocked: the remote could not lock its branch. Another push holding the lock for a
	// moment is retried like a rejection; a lock that outlives the retries is a stale lock file.
	pushLocked
	// pushTransient: the network failed (refused, reset, timed out, name not resolved, cut short).
	// The notes are committed; a later cycle pushes them.
	pushTransient
	// pushFailed: anything else (a hook or protected branch refusing, permissions, a full disk).
	pushFailed
)

// transientMarks are what git, curl and ssh print when the network, not the remote's answer,
// failed. They are checked before anything else: a connection cut while the remote unpacks is
// reported with "[remote rejected]" too, and it is not a refusal.
var transientMarks = []string{
	"could not resolve host", "could not resolve hostname", "temporary failure in name resolution",
	"name or service not known", "nodename nor servname", "no address associated with hostname",
	"connection refused", "connection reset", "connection timed out", "connection closed",
	"timed out", "operation timed out", "network is unreachable", "no route to host", "host is down",
	"early eof", "the remote end hung up unexpectedly", "unexpected disconnect", "broken pipe",
	"rpc failed", "empty reply from server", "transfer closed", "ssl_error", "gnutls",
	"kex_exchange_identification", "connection to host", "unable to access", "could not read from remote repository",
	"http 502", "http 503", "http 504", "returned error: 502", "returned error: 503", "returned error: 504",
}

// isTransient reports whether a git network command failed because the remote could not be
// reached (for now), as opposed to answering with a refusal.
func isTransient(err error) bool {
	var ge *gitError
	if !errors.As(err, &ge) {
		return false
	}
	s := strings.ToLower(ge.stderr)
	if strings.Contains(s, "permission denied") || strings.Contains(s, "authentication failed") ||
		strings.Contains(s, "repository not found") || strings.Contains(s, "returned error: 403") ||
		strings.Contains(s, "returned error: 401") || strings.Contains(s, "returned error: 404") {
		return false // the remote answered: retrying will not change the answer
	}
	for _, m := range transientMarks {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// classifyPush decides what a failed push means.
func classifyPush(err error) pushOutcome {
	s := stderrOf(err)
	switch {
	case isTransient(err):
		return pushTransient
	case strings.Contains(s, "but expected") || strings.Contains(s, "[rejected]") ||
		strings.Contains(s, "non-fast-forward") || strings.Contains(s, "fetch first") || strings.Contains(s, "stale info"):
		// "cannot lock ref ...: is at X but expected Y" is a push that lost a race: the remote moved.
		return pushRejected
	case strings.Contains(s, "cannot lock ref") || strings.Contains(s, "failed to lock") ||
		strings.Contains(s, "failed to update ref") || strings.Contains(s, ".lock': File exists"):
		return pushLocked
	}
	return pushFailed
}

// lockFile is the lock file a "cannot lock ref" names, or "".
var lockFileRE = regexp.MustCompile(`Unable to create '([^']+\.lock)'`)

func lockFile(err error) string {
	if m := lockFileRE.FindStringSubmatch(stderrOf(err)); m != nil {
		return strings.ReplaceAll(m[1], "/./", "/")
	}
	return ""
}

// reason is the one-line cause of a git failure, for Detail.
func reason(err error) string {
	var ge *gitError
	if errors.As(err, &ge) {
		if msg := firstLine(ge.stderr); msg != "" {
			msg = strings.TrimPrefix(msg, "remote: ")
			return redact(strings.TrimPrefix(strings.TrimPrefix(msg, "fatal: "), "error: "))
		}
	}
	return redact(err.Error())
}
