// Package claudecode holds the end-to-end tests that drive the real Claude Code client (npm
// @anthropic-ai/claude-code) against the real anamnesis binaries, with a temporary HOME and a
// stand-in for the Anthropic Messages API on 127.0.0.1. The client is installed once into
// $HOME/.cache/anamnesis-test/claude (@latest, or the version in
// $ANAMNESIS_TEST_CLAUDE_VERSION, into claude-<version>), or taken from $ANAMNESIS_TEST_CLAUDE;
// without it, and without npm or the registry, the tests skip with one line, except in CI
// (CI=true), where they fail.
package claudecode
