// Package cli is the anamnesis-mcpd command: the Anamnesis MCP server: the memory tools for Claude Code over stdio
// (the default, what `claude mcp add` runs) or, with --http, over streamable HTTP on loopback.
// stdout carries only the protocol; everything else goes to stderr.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"regexp"
	"slices"
	"strings"
	"syscall"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/mcpd/httpserve"
	"github.com/anamnesis-go/anamnesis/mcpd/server"
)

// Version is set at build time with -ldflags "-X github.com/anamnesis-go/anamnesis/mcpd/cli.Version=…".
var Version = "dev"

const usage = `anamnesis-mcpd: the Anamnesis MCP server (memory tools for Claude Code)

usage:
  anamnesis-mcpd [serve] [--home DIR]                     serve MCP over stdio
  anamnesis-mcpd [serve] [--home DIR] --http 127.0.0.1:7821   serve streamable HTTP on loopback
  anamnesis-mcpd serve --profile compat                  serve seed 004's memory/session/decision tools
  anamnesis-mcpd version | --version                     print the version
  anamnesis-mcpd help | --help                           print this help

flags:
  --home DIR     store directory (default $ANAMNESIS_HOME or ~/.anamnesis)
  --http ADDR    serve HTTP at http://ADDR/mcp instead of stdio; ADDR must be loopback.
                 Requests need "Authorization: Bearer <token>", the token being config.json's
                 http_token (generated on first use).
  --profile NAME default: the eight memory_* tools; compat: write_memory, read_memory,
                 edit_memory, delete_memory, search_memories, start_session, end_session,
                 get_sessions, manage_decisions (seed 004's names, defaults and envelope).
                 Default: the setting mcp.profile (ANAMNESIS_MCP_PROFILE), else default.
  --agent NAME   the coding agent this server serves (claude, codex, gemini, cursor,
                 opencode): notes written through it are tagged agent:NAME. anamnesis init
                 --agent sets it in each agent's registration.
  --plugin       started by the Claude Code plugin: offer no tools when "anamnesis init"
                 already registered the anamnesis server, so no tool is offered twice

Register with Claude Code:  claude mcp add --scope user anamnesis -- anamnesis-mcpd serve --agent claude
`

// Commands. serve is the default: Claude Code runs "anamnesis-mcpd serve", older registrations
// the bare binary.
const (
	cmdServe   = "serve"
	cmdVersion = "version"
	cmdHelp    = "help"
)

// agentName is what --agent accepts: it becomes part of a tag.
var agentName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// options is a parsed command line.
type options struct {
	command string // cmdServe, cmdVersion or cmdHelp
	home    string // --home: the store directory; "" means $ANAMNESIS_HOME or ~/.anamnesis
	http    string // --http: serve HTTP at this loopback address instead of stdio
	profile string // --profile: the tool surface; "" means the setting mcp.profile
	agent   string // --agent: tag notes written with agent:<name>
	plugin  bool   // --plugin: started by the Claude Code plugin (see plugin.go)
}

// parseArgs reads an optional command (serve, version, help) before or after the flags;
// --version and --help (-h) are the same as the commands.
func parseArgs(args []string) (options, error) {
	o := options{command: cmdServe}
	var version, help bool
	fs := flag.NewFlagSet("anamnesis-mcpd", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.home, "home", "", "")
	fs.StringVar(&o.http, "http", "", "")
	fs.StringVar(&o.profile, "profile", "", "")
	fs.StringVar(&o.agent, "agent", "", "")
	fs.BoolVar(&o.plugin, "plugin", false, "")
	fs.BoolVar(&version, "version", false, "")
	fs.BoolVar(&help, "help", false, "")
	fs.BoolVar(&help, "h", false, "")
	command := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		command, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	rest := fs.Args()
	if command == "" && len(rest) > 0 {
		command = rest[0]
		if err := fs.Parse(rest[1:]); err != nil {
			return o, err
		}
		rest = fs.Args()
	}
	if len(rest) > 0 {
		return o, fmt.Errorf("unexpected argument %q", rest[0])
	}
	switch command {
	case "", cmdServe, cmdVersion, cmdHelp:
		if command != "" {
			o.command = command
		}
	default:
		return o, fmt.Errorf("unexpected argument %q", command)
	}
	if o.profile != "" && !slices.Contains(config.Profiles, o.profile) {
		return o, fmt.Errorf("--profile must be one of %s, not %q", strings.Join(config.Profiles, ", "), o.profile)
	}
	if o.agent != "" && !agentName.MatchString(o.agent) {
		return o, fmt.Errorf("--agent must be a lower-case name (letters, digits, - and _), not %q", o.agent)
	}
	switch {
	case version:
		o.command = cmdVersion
	case help:
		o.command = cmdHelp
	}
	return o, nil
}

// Main runs anamnesis-mcpd with args and returns its exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	logger := log.New(stderr, "anamnesis-mcpd: ", 0)
	o, err := parseArgs(args)
	if err != nil {
		logger.Printf("%v (see --help)", err)
		return 2
	}
	switch o.command {
	case cmdHelp, cmdVersion:
		text := usage
		if o.command == cmdVersion {
			text = fmt.Sprintf("anamnesis-mcpd %s\n", app.BuildVersion(Version))
		}
		if _, err := io.WriteString(stdout, text); err != nil {
			logger.Print(err)
			return 1
		}
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, o, stdin, stdout, logger); err != nil {
		logger.Print(err)
		return 1
	}
	return 0
}

func serve(ctx context.Context, o options, stdin io.Reader, stdout io.Writer, logger *log.Logger) error {
	// Refuse a bad --http address before touching the store.
	if o.http != "" {
		if _, err := httpserve.LoopbackAddr(o.http); err != nil {
			return err
		}
	}
	// One store per process, shared by every request; many processes may open the same store
	// (WAL index, flock around tree changes). The machine id is fixed here, never taken from a
	// call. It opens in the background so the handshake is answered at once even on a large
	// store; a failure is logged here and reported by every tool call.
	a, err := app.New(o.home, app.Options{Agent: o.agent})
	if err != nil {
		return err
	}
	a.Preopen(ctx)
	go func() {
		if _, err := a.Store(ctx); err != nil && ctx.Err() == nil {
			logger.Print(err)
		}
	}()
	defer func() {
		if err := a.Close(); err != nil {
			logger.Printf("close store: %v", err)
		}
	}()
	profile := o.profile
	if profile == "" {
		profile = a.Settings().Get(config.KeyMCPProfile)
	}
	standby := o.plugin && initServerRegistered()
	if standby {
		logger.Printf("standing by: the %q server registered by 'anamnesis init' serves the memory tools", initServerName)
	}
	srv, err := server.New(server.Config{App: a, Project: startProject(ctx), Version: app.BuildVersion(Version), Profile: profile, Standby: standby})
	if err != nil {
		return err
	}
	if o.http == "" {
		s := mcpserver.NewStdioServer(srv)
		s.SetErrorLogger(logger)
		d := newDrain(stdin, stdout)
		if err := s.Listen(ctx, d, d); err != nil && !errors.Is(err, context.Canceled) {
			return fmt.Errorf("serve stdio: %w", err)
		}
		return nil
	}
	token, err := a.EnsureHTTPToken()
	if err != nil {
		return err
	}
	ln, err := httpserve.Listen(o.http)
	if err != nil {
		return err
	}
	logger.Printf("serving MCP at http://%s%s (bearer token: %s key %q)", ln.Addr(), httpserve.EndpointPath, a.Home.Config(), config.KeyHTTPToken)
	return httpserve.Serve(ctx, ln, httpserve.Handler(srv, token), logger)
}

// startProject is the project key of the directory Claude Code started the server for, so the
// instructions can tell the model which key to file project notes under.
func startProject(ctx context.Context) string {
	dir := os.Getenv("CLAUDE_PROJECT_DIR")
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return ""
		}
	}
	return app.ProjectKey(ctx, dir)
}
