package remote

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
)

// Label marks every image and container these tests create: with Ryuk disabled nothing reaps
// them automatically, so a leak can be found (and removed) by label.
const Label = "dev.anamnesis.integration"

const (
	gitDaemonPath = "/usr/lib/git-core/git-daemon"
	sshdPath      = "/usr/sbin/sshd"
	shPath        = "/usr/bin/dash"
)

// sshdConfig is the server's configuration: key authentication for root only, no PAM, no DNS
// lookups (the container has no resolver) and the per-container host key copied in at start.
const sshdConfig = `Port 22
HostKey /etc/ssh/ssh_host_ed25519_key
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
UseDNS no
AuthorizedKeysFile /root/.ssh/authorized_keys
PidFile none
LogLevel VERBOSE
`

// BuildRootfs assembles the remote image's file system from this machine's binaries: git with
// git-daemon for git://, and, when the host has OpenSSH's server installed, sshd and a shell for
// ssh:// (sshd runs the remote git command through the user's shell).
func BuildRootfs() (*Rootfs, error) {
	r := NewRootfs()
	for _, b := range []string{"/usr/bin/git", gitDaemonPath} {
		if err := r.Binary(b); err != nil {
			return nil, err
		}
	}
	for _, dir := range []string{"/usr/bin", "/usr/lib/git-core"} {
		r.Symlink(dir+"/git-upload-pack", "/usr/bin/git")
		r.Symlink(dir+"/git-receive-pack", "/usr/bin/git")
		r.Symlink(dir+"/git-upload-archive", "/usr/bin/git")
	}
	r.File("/etc/passwd", 0o644, []byte("root:x:0:0:root:/root:/bin/sh\nsshd:x:100:65534::/run/sshd:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"))
	r.File("/etc/group", 0o644, []byte("root:x:0:\nnogroup:x:65534:\n"))
	r.File("/etc/gitconfig", 0o644, []byte("[safe]\n\tdirectory = *\n[init]\n\tdefaultBranch = main\n[receive]\n\tdenyCurrentBranch = ignore\n"))
	r.Dir("/usr/share/git-core/templates", 0o755) // silences git init's "templates not found"
	r.Dir("/srv/git", 0o755)
	r.Dir("/tmp", 0o1777)
	r.Dir("/root", 0o700)

	if _, err := os.Stat(sshdPath); err == nil {
		if err := r.Binary(sshdPath); err != nil {
			return nil, err
		}
		if err := r.Binary(shPath); err != nil {
			return nil, err
		}
		r.Symlink("/bin/sh", shPath)
		r.File("/etc/ssh/sshd_config", 0o644, []byte(sshdConfig))
		r.Dir("/run/sshd", 0o755) // privilege separation directory
		r.Dir("/root/.ssh", 0o700)
	}
	return r, nil
}

// HasSSHD reports whether the host can provide sshd for the ssh remote.
func HasSSHD() bool {
	_, err := os.Stat(sshdPath)
	return err == nil
}

var (
	imageOnce sync.Once
	imageRef  string
	imageErr  error
)

// Image imports the remote image into the engine once per process and returns its reference.
// The tag is the rootfs hash, so an unchanged image is found by ImageInspect instead of being
// imported again (which would leave a dangling copy behind).
func Image(ctx context.Context) (string, error) {
	imageOnce.Do(func() { imageRef, imageErr = importImage(ctx) })
	return imageRef, imageErr
}

func importImage(ctx context.Context) (string, error) {
	fsys, err := BuildRootfs()
	if err != nil {
		return "", fmt.Errorf("build the remote image: %w", err)
	}
	data, sum, err := fsys.Tar()
	if err != nil {
		return "", fmt.Errorf("build the remote image: %w", err)
	}
	ref := "anamnesis-remote:" + sum[:16]
	cli, err := testcontainers.NewDockerClientWithOpts(ctx)
	if err != nil {
		return "", fmt.Errorf("connect to the Docker engine: %w", err)
	}
	defer func() { _ = cli.Close() }()
	if _, err := cli.ImageInspect(ctx, ref); err == nil {
		return ref, nil
	}
	rc, err := cli.ImageImport(ctx,
		client.ImageImportSource{Source: bytes.NewReader(data), SourceName: "-"}, ref,
		client.ImageImportOptions{Changes: []string{"LABEL " + Label + "=true"}})
	if err != nil {
		return "", fmt.Errorf("import the remote image: %w", err)
	}
	defer func() { _ = rc.Close() }()
	// The daemon streams progress; an error can arrive in the stream after a 200.
	out, err := io.ReadAll(rc)
	if err != nil {
		return "", fmt.Errorf("import the remote image: %w", err)
	}
	if bytes.Contains(out, []byte(`"error"`)) {
		return "", errors.New("import the remote image: " + string(out))
	}
	return ref, nil
}
