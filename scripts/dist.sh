#!/bin/sh
# Build release archives: static binaries for every platform in $PLATFORMS (default: linux, darwin
# and windows on amd64 and arm64), one archive per platform, and SHA256SUMS over them, in $DIST
# (default dist/). Works offline: it needs only the Go toolchain and the module cache.
#
#   VERSION=v1.2.3 scripts/dist.sh
#   PLATFORMS="linux/amd64" scripts/dist.sh    # just this machine's, for tests
set -eu
cd "$(dirname "$0")/.."

: "${VERSION:?set VERSION, e.g. VERSION=v1.2.3 (make dist sets it from git)}"
: "${DIST:=dist}"
: "${PLATFORMS:=linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64}"
BINARIES="hookcli/cmd/anamnesis hookcli/cmd/anamnesis-cli hookcli/cmd/anamnesis-hook mcpd/cmd/anamnesis-mcpd syncd/cmd/anamnesis-syncd hookcli/cmd/anamnesis-ui"
M=github.com/anamnesis-go/anamnesis
LDFLAGS="-s -w -X $M/hookcli/cli.Version=$VERSION -X $M/hookcli/resident.Version=$VERSION -X $M/mcpd/cli.Version=$VERSION -X $M/syncd/cli.Version=$VERSION -X $M/hookcli/ui.Version=$VERSION"

mkdir -p "$DIST"
rm -f "$DIST"/anamnesis_* "$DIST"/SHA256SUMS
for p in $PLATFORMS; do
	os=${p%/*}
	arch=${p#*/}
	name="anamnesis_${VERSION#v}_${os}_${arch}"
	stage="$DIST/$name"
	rm -rf "$stage"
	mkdir -p "$stage"
	ext=""
	[ "$os" = windows ] && ext=".exe"
	for b in $BINARIES; do
		echo "build $os/$arch $(basename "$b")"
		CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -ldflags "$LDFLAGS" \
			-o "$stage/$(basename "$b")$ext" "./$b"
	done
	cp README.md LICENSE* "$stage"/ 2>/dev/null || cp README.md "$stage"/
	if [ "$os" = windows ]; then
		(cd "$DIST" && rm -f "$name.zip" && zip -qr "$name.zip" "$name")
	else
		tar -C "$DIST" -czf "$DIST/$name.tar.gz" "$name"
	fi
	rm -rf "$stage"
done
(cd "$DIST" && sha256sum anamnesis_* >SHA256SUMS)
echo "wrote $(ls "$DIST" | wc -l) files to $DIST/"
