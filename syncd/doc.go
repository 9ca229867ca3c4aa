// Package syncd is the scheduled sync runner, anamnesis-syncd: the runner package runs sync
// cycles once or at an interval with backoff and records them in the status file; the service
// package installs it as a systemd user unit or a launchd agent; cmd/anamnesis-syncd is the binary.
package syncd
