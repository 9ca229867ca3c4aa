package server

import "strings"

// MaxInstructions is Claude Code's cut-off for a server's instructions: with tool search on, the
// instructions and the tool names are all the model sees of this server until it searches, so
// everything that matters must fit.
const MaxInstructions = 2048

// Instructions is the text the server sends at initialize / server/discover. project is the key of
// the project the server was started in ("" when unknown); naming it lets the model file notes
// under the same key the hooks use.
func Instructions(project string) string {
	var b strings.Builder
	b.WriteString(`Anamnesis is the user's long-term memory, shared by all their sessions and machines: short markdown notes, found by keyword.

SEARCH (memory_search, or memory_recall for one ready-to-read bundle) before you start a task, when the user mentions past work, a decision, a convention or a preference, and before guessing how this project does something. Queries are keywords - the tool, error, file or concept ("sqlite busy_timeout locked") - not sentences.

WRITE (memory_write) when you learn something worth knowing next time: a fix that worked after a struggle, a decision and why, a user preference or correction, a project convention, a command that was hard to find. Never write secrets, tokens or passwords, nor what the code or README already says.

A GOOD NOTE holds one idea. The title states the point ("Run migrations with --lock-timeout 5s"); the body gives the why and the exact commands, paths or values in a few sentences. type: procedural (how to do something), semantic (a fact, convention or preference) or episodic (what happened). project: the project key, or "global" for knowledge that is not tied to one repository. Add a few tags. If the note replaces an older one, pass the old id in supersedes; memory_forget hides a note that is wrong.

memory_list browses titles, memory_get reads a long note in windows (search trims long bodies and says so), memory_status shows counts and sync state, memory_sync exchanges notes with the user's other machines.`)
	if project != "" && project != "global" {
		b.WriteString("\n\nThis session's project key is \"" + project + "\".")
	}
	return b.String()
}

// StandbyInstructions are a standing-by server's: it offers nothing, and says where the tools are.
const StandbyInstructions = `This copy of the Anamnesis memory server (from the Claude Code plugin) offers no tools: the "anamnesis" server that "anamnesis init" registered serves the same memory tools (memory_search, memory_write, ...). Use those.`
