package capture

import "github.com/anamnesis-go/anamnesis/core/redact"

// Redact replaces every secret in s with [REDACTED:<rule>] (see package redact), before a
// captured note is written: notes travel through git to every machine.
func Redact(s string) string {
	out, _ := redact.Redact(s)
	return out
}
