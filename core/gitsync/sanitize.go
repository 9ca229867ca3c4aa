package gitsync

import (
	"regexp"
	"strings"
)

// identPart makes a machine id usable in a commit e-mail address: git rejects '<', '>' and
// newlines in identities, and spaces would read badly.
func identPart(machineID string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(machineID) {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "unknown"
	}
	return b.String()
}

var urlCredentials = regexp.MustCompile(`(\w+://)[^/@\s'"]+@`)

// redact hides credentials embedded in remote URLs before a message is shown or stored in the
// status file.
func redact(s string) string { return urlCredentials.ReplaceAllString(s, "${1}***@") }
