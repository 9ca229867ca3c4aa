# Anamnesis build, test and install. Every target works on a fresh clone.
MODULES   := core hookcli mcpd syncd integration
BIN       := bin
BINARIES  := anamnesis anamnesis-cli anamnesis-hook anamnesis-mcpd anamnesis-syncd anamnesis-ui
# A tagged build is its tag (v1.2.3, or v1.2.3-4-gabc1234 past it); an untagged one says so:
# dev+<commit>[-dirty], never a bare hash that reads like a release.
VERSION   ?= $(shell git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null || echo "dev+$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$(git diff --quiet HEAD 2>/dev/null || echo -dirty)")
LDFLAGS   := -s -w -X github.com/anamnesis-go/anamnesis/hookcli/cli.Version=$(VERSION) -X github.com/anamnesis-go/anamnesis/hookcli/resident.Version=$(VERSION) -X github.com/anamnesis-go/anamnesis/mcpd/cli.Version=$(VERSION) \
             -X github.com/anamnesis-go/anamnesis/syncd/cli.Version=$(VERSION) -X github.com/anamnesis-go/anamnesis/hookcli/ui.Version=$(VERSION)
PREFIX    ?= $(HOME)/.local
GOLANGCI  := go run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0

.PHONY: all build test lint bench install uninstall fmt vet tidy clean

all: build

# The first build downloads the modules and compiles SQLite (pure Go), a few minutes on a small
# machine: say so, and list each package as it is compiled (-v) so the wait shows progress.
build:
	@mkdir -p $(BIN)
	@echo "building $(BINARIES) $(VERSION) into $(BIN)/ (the first build downloads modules and compiles SQLite: a few minutes)"
	CGO_ENABLED=0 go build -v -trimpath -ldflags "$(LDFLAGS)" -o $(BIN)/ ./hookcli/cmd/anamnesis ./hookcli/cmd/anamnesis-cli ./hookcli/cmd/anamnesis-hook ./mcpd/cmd/anamnesis-mcpd ./syncd/cmd/anamnesis-syncd ./hookcli/cmd/anamnesis-ui
	@echo "built: $(addprefix $(BIN)/,$(BINARIES))"

# The whole suite, every module, with the race detector. The longest package takes about 3 minutes
# on an idle 2-core machine; the timeout leaves room for a busy one rather than the default 10.
test:
	go vet work
	go test -race -count=1 -timeout 30m work

lint:
	@for m in $(MODULES); do echo "lint $$m"; (cd $$m && $(GOLANGCI) run ./...) || exit 1; done

# Benchmarks: medians of 5 runs; see README "Performance" for the targets.
bench:
	go test -run '^$$' -bench . -benchtime 1x -count 1 ./core/... >/dev/null
	go test -run '^$$' -bench . -count 5 ./core/... ./hookcli/... ./mcpd/... ./syncd/...

# Hook times as Claude Code itself logs them (README "Performance"): the real client, sessions in a
# project of a 10,000-note store, beside a floor of hooks that do nothing. IDLE=2m pauses before
# each session; SESSIONS sets how many are timed.
IDLE ?=
SESSIONS ?= 10
.PHONY: bench-claude
bench-claude:
	cd integration && ANAMNESIS_BENCH_IDLE=$(IDLE) go test -run '^$$' -bench ClaudeCodeHooks -benchtime $(SESSIONS)x -timeout 120m ./claudecode/

# Retrieval figures (README "Retrieval quality"): LoCoMo from ../shared/bench (or LOCOMO=path) on the
# tuning half (conversations 0-4), the other half and all ten, then the two held-out developer sets.
LOCOMO ?= ../shared/bench/locomo10.zip
.PHONY: bench-retrieval
bench-retrieval: build
	$(BIN)/anamnesis eval locomo --zip $(LOCOMO) --conversations 0-4
	$(BIN)/anamnesis eval locomo --zip $(LOCOMO) --conversations 5-9
	$(BIN)/anamnesis eval locomo --zip $(LOCOMO)
	go test -count=1 -run 'TestHeldOut2?$$' -v ./core/eval/ | grep -E 'held-out|overlap|ok|FAIL'

# Install the binaries into $(PREFIX)/bin and wire Anamnesis into Claude Code.
install: build
	@mkdir -p $(PREFIX)/bin
	install -m 0755 $(addprefix $(BIN)/,$(BINARIES)) $(PREFIX)/bin/
	@echo "wiring Anamnesis into Claude Code (anamnesis init --yes)"
	$(PREFIX)/bin/anamnesis init --yes

# Take Anamnesis out of Claude Code (hooks, MCP server; the notes are kept), then remove the
# binaries. A failing uninstall stops here, so hooks never point at binaries that are gone.
uninstall:
	$(PREFIX)/bin/anamnesis uninstall --yes
	rm -f $(addprefix $(PREFIX)/bin/,$(BINARIES))

fmt:
	gofmt -w $(MODULES)

vet:
	go vet work

# The front ends require a released core (so "go install <binary>@latest" works, which refuses
# replace directives); while tidying, this checkout's core stands in for it.
CORE_MOD := github.com/anamnesis-go/anamnesis/core
tidy:
	cd core && go mod tidy
	@for m in hookcli mcpd syncd; do (cd $$m && go mod edit -replace=$(CORE_MOD)=../core && go mod tidy; rc=$$?; \
		go mod edit -dropreplace=$(CORE_MOD); exit $$rc) || exit 1; done
	cd integration && go mod tidy

clean:
	rm -rf $(BIN)

# Release archives for every platform, with SHA256SUMS, into dist/ (offline; see scripts/dist.sh).
.PHONY: dist
dist:
	VERSION=$(VERSION) scripts/dist.sh
