#!/bin/sh
# Install Anamnesis from a release archive, without Go:
#
#   curl -fsSL https://github.com/anamnesis-go/anamnesis/releases/latest/download/install.sh | sh
#
# It downloads the archive for this machine, checks it against the release's SHA256SUMS (a
# mismatch stops everything before a file is installed), puts the three binaries in
# $PREFIX/bin (default ~/.local/bin) and runs "anamnesis init --yes" to wire Claude Code.
#
# Settings (environment):
#   ANAMNESIS_VERSION       release to install, e.g. v1.2.3 (default: latest)
#   ANAMNESIS_RELEASE_URL   where archives and SHA256SUMS are (default: GitHub releases)
#   PREFIX                  install prefix (default: ~/.local)
#   ANAMNESIS_NO_INIT=1     install the binaries only
set -eu

say() { printf 'anamnesis install: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

version=${ANAMNESIS_VERSION:-latest}
repo=https://github.com/anamnesis-go/anamnesis/releases
if [ -n "${ANAMNESIS_RELEASE_URL:-}" ]; then
	base=${ANAMNESIS_RELEASE_URL%/}
elif [ "$version" = latest ]; then
	base=$repo/latest/download
else
	base=$repo/download/$version
fi
prefix=${PREFIX:-$HOME/.local}

case $(uname -s) in
	Linux) os=linux ;;
	Darwin) os=darwin ;;
	*) die "no release archive for $(uname -s); build from source: make install" ;;
esac
case $(uname -m) in
	x86_64 | amd64) arch=amd64 ;;
	aarch64 | arm64) arch=arm64 ;;
	*) die "no release archive for $(uname -m); build from source: make install" ;;
esac

fetch() { # url file
	if command -v curl >/dev/null 2>&1; then
		curl -fsSL "$1" -o "$2"
	elif command -v wget >/dev/null 2>&1; then
		wget -q "$1" -O "$2"
	else
		die "needs curl or wget"
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say "fetching SHA256SUMS from $base"
fetch "$base/SHA256SUMS" "$tmp/SHA256SUMS" || die "could not download $base/SHA256SUMS"
archive=$(awk -v suffix="_${os}_${arch}.tar.gz" '{ f = $2; sub(/^\*/, "", f) } length(f) > length(suffix) && substr(f, length(f) - length(suffix) + 1) == suffix { print f; exit }' "$tmp/SHA256SUMS")
[ -n "$archive" ] || die "the release has no archive for ${os}/${arch}"
say "fetching $archive"
fetch "$base/$archive" "$tmp/$archive" || die "could not download $base/$archive"

want=$(awk -v f="$archive" '{ g = $2; sub(/^\*/, "", g) } g == f { print $1; exit }' "$tmp/SHA256SUMS")
if command -v sha256sum >/dev/null 2>&1; then
	got=$(sha256sum "$tmp/$archive" | awk '{print $1}')
else
	got=$(shasum -a 256 "$tmp/$archive" | awk '{print $1}')
fi
[ "$got" = "$want" ] || die "checksum mismatch for $archive (want $want, got $got): nothing installed"

tar -C "$tmp" -xzf "$tmp/$archive"
dir="$tmp/${archive%.tar.gz}"
mkdir -p "$prefix/bin"
for b in anamnesis anamnesis-cli anamnesis-hook anamnesis-mcpd anamnesis-syncd anamnesis-ui; do
	[ -f "$dir/$b" ] || die "$archive lacks $b"
	install -m 0755 "$dir/$b" "$prefix/bin/$b"
	say "installed $prefix/bin/$b"
done
"$prefix/bin/anamnesis" --version >&2 || die "the installed anamnesis does not run on this machine"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) say "add $prefix/bin to your PATH" ;; esac
if [ "${ANAMNESIS_NO_INIT:-}" != 1 ]; then
	"$prefix/bin/anamnesis" init --yes
fi
