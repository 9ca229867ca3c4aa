// Package redact removes secrets from text before it leaves a session: captured notes,
// memory_write bodies and text sent to model providers.
package redact
