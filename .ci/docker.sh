# Sourced by .ci/run: a Docker engine for the container scenarios in integration/.
# No registry is reachable, so the tests build their images from this machine's binaries; the
# engine and, for the ssh remote, OpenSSH's sshd binary are all they need from the system.
# Best effort: when no engine can be had the scenarios report it (and fail, since CI=true).

_apt_install() {
	command -v apt-get >/dev/null 2>&1 || return 1
	local sudo=""
	[ "$(id -u)" = 0 ] || sudo="sudo -n"
	$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

# sshd is only copied into the remote's image; it is never started on this machine.
if [ ! -x /usr/sbin/sshd ]; then
	echo "== installing openssh-server (its sshd goes into the ssh remote's image)"
	_apt_install openssh-server || echo "== could not install openssh-server; the ssh scenarios will fail"
fi

if ! docker info >/dev/null 2>&1; then
	if ! command -v dockerd >/dev/null 2>&1; then
		echo "== installing docker.io"
		_apt_install docker.io || echo "== could not install docker.io"
	fi
	if command -v dockerd >/dev/null 2>&1 && ! docker info >/dev/null 2>&1; then
		echo "== starting dockerd (log: ${TMPDIR:-/tmp}/dockerd.log)"
		if [ "$(id -u)" = 0 ]; then
			dockerd >"${TMPDIR:-/tmp}/dockerd.log" 2>&1 &
		else
			sudo -n dockerd >"${TMPDIR:-/tmp}/dockerd.log" 2>&1 &
		fi
		for _ in $(seq 120); do docker info >/dev/null 2>&1 && break; sleep 1; done
	fi
fi
if docker info >/dev/null 2>&1; then
	echo "== docker $(docker version --format '{{.Server.Version}}' 2>/dev/null)"
else
	echo "== no Docker engine: the container scenarios cannot run"
	command -v dockerd || echo "== (dockerd is not installed)"
	[ -f "${TMPDIR:-/tmp}/dockerd.log" ] && tail -n 30 "${TMPDIR:-/tmp}/dockerd.log"
	# Under CI the scenarios would fail one by one after the whole suite; stop now, with the why.
	if [ "${CI:-}" = true ]; then exit 1; fi
fi

# Mandatory for testcontainers without a registry: Ryuk (the reaper) cannot be pulled, and
# /.dockerenv would make it dial a gateway address instead of the ports published on loopback.
export TESTCONTAINERS_RYUK_DISABLED=true
export TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1
