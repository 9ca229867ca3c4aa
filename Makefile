# Anamnesis build, test and install. Every target works on a fresh clone.
MODULES   := core hookcli mcpd syncd integration
BIN       := bin
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X github.com/anamnesis-go/anamnesis/hookcli/cli.Version=$(VERSION) -X github.com/anamnesis-go/anamnesis/mcpd/cli.Version=$(VERSION) \
             -X github.com/anamnesis-go/anamnesis/syncd/cli.Version=$(VERSION)
PREFIX    ?= $(HOME)/.local
GOLANGCI  := go run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0

.PHONY: all build test lint bench install uninstall fmt vet tidy clean

all: build

build:
	@mkdir -p $(BIN)
	CGO_ENABLED=0 go build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN)/anamnesis ./hookcli/cmd/anamnesis
	@for c in mcpd/cmd/anamnesis-mcpd syncd/cmd/anamnesis-syncd; do \
		if [ -d $$c ]; then CGO_ENABLED=0 go build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN)/$$(basename $$c) ./$$c || exit 1; fi; \
	done

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
	@for b in $(BIN)/*; do install -m 0755 $$b $(PREFIX)/bin/; echo "installed $(PREFIX)/bin/$$(basename $$b)"; done
	@if $(PREFIX)/bin/anamnesis help 2>/dev/null | grep -q '^  init '; then $(PREFIX)/bin/anamnesis init --yes; fi

fmt:
	gofmt -w $(MODULES)

vet:
	go vet work

tidy:
	@for m in $(MODULES); do (cd $$m && go mod tidy) || exit 1; done

clean:
	rm -rf $(BIN)
