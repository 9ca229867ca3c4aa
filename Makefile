# Anamnesis build, test and install. Every target works on a fresh clone.
MODULES   := core hookcli mcpd syncd integration
BIN       := bin
BINARIES  := anamnesis anamnesis-mcpd anamnesis-syncd
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X github.com/anamnesis-go/anamnesis/hookcli/cli.Version=$(VERSION) -X github.com/anamnesis-go/anamnesis/mcpd/cli.Version=$(VERSION) \
             -X github.com/anamnesis-go/anamnesis/syncd/cli.Version=$(VERSION)
PREFIX    ?= $(HOME)/.local
GOLANGCI  := go run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0

.PHONY: all build test lint bench install uninstall fmt vet tidy clean

all: build

build:
	@mkdir -p $(BIN)
	CGO_ENABLED=0 go build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN)/ ./hookcli/cmd/anamnesis ./mcpd/cmd/anamnesis-mcpd ./syncd/cmd/anamnesis-syncd

# The whole suite, every module, with the race detector.
test:
	go vet work
	go test -race -count=1 work

lint:
	@for m in $(MODULES); do echo "lint $$m"; (cd $$m && $(GOLANGCI) run ./...) || exit 1; done

# Benchmarks: medians of 5 runs; see README "Performance" for the targets.
bench:
	go test -run '^$$' -bench . -benchtime 1x -count 1 ./core/... >/dev/null
	go test -run '^$$' -bench . -count 5 ./core/... ./hookcli/... ./mcpd/... ./syncd/...

# Install the binaries into $(PREFIX)/bin and wire Anamnesis into Claude Code.
install: build
	@mkdir -p $(PREFIX)/bin
	install -m 0755 $(addprefix $(BIN)/,$(BINARIES)) $(PREFIX)/bin/
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

tidy:
	@for m in $(MODULES); do (cd $$m && go mod tidy) || exit 1; done

clean:
	rm -rf $(BIN)

# Release archives for every platform, with SHA256SUMS, into dist/ (offline; see scripts/dist.sh).
.PHONY: dist
dist:
	VERSION=$(VERSION) scripts/dist.sh
