package remote

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/network"
	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"
	"golang.org/x/crypto/ssh"
)

// Kind is the protocol a remote serves.
type Kind string

const (
	// GitDaemon serves git:// with git daemon.
	GitDaemon Kind = "git"
	// SSH serves ssh:// with OpenSSH's sshd.
	SSH Kind = "ssh"
)

// Repo is the bare repository every remote serves, created empty at start.
const Repo = "notes.git"

// readyTimeout bounds how long a container may take to accept connections after a (re)start.
const readyTimeout = 30 * time.Second

// Server is one running remote container.
type Server struct {
	Kind Kind
	// URL is the remote users would configure: git://127.0.0.1:PORT/notes.git or
	// ssh://root@127.0.0.1:PORT/srv/git/notes.git.
	URL string
	// SSHCommand is the GIT_SSH_COMMAND that reaches an SSH server: its generated key, no host
	// key checks, never a prompt. Empty for GitDaemon.
	SSHCommand string

	ctr    testcontainers.Container
	addr   string // 127.0.0.1:PORT; fixed so the URL survives a stop and start
	paused bool
}

// Logf receives testcontainers' progress lines (container created, started, terminated).
type Logf func(format string, args ...any)

// Printf makes a Logf a testcontainers logger.
func (f Logf) Printf(format string, args ...any) { f(format, args...) }

// Start runs a remote of the given kind with an empty bare repository. For SSH, the client key
// is written under keyDir (0600). logf receives testcontainers' own log lines; nil drops them.
func Start(ctx context.Context, kind Kind, keyDir string, logf Logf) (*Server, error) {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	sweep(ctx, logf)
	img, err := Image(ctx)
	if err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Server{Kind: kind, addr: net.JoinHostPort("127.0.0.1", port)}
	var (
		inner string
		opts  []testcontainers.ContainerCustomizer
	)
	switch kind {
	case GitDaemon:
		inner = "9418/tcp"
		opts = append(opts,
			testcontainers.WithCmd(gitDaemonPath, "--verbose", "--reuseaddr", "--export-all",
				"--enable=receive-pack", "--base-path=/srv/git", "--listen=0.0.0.0", "--port=9418", "/srv/git"),
			testcontainers.WithWaitStrategyAndDeadline(readyTimeout, wait.ForLog("Ready to rumble")))
		s.URL = "git://" + s.addr + "/" + Repo
	case SSH:
		if !HasSSHD() {
			return nil, fmt.Errorf("the ssh remote needs sshd on this machine (%s; apt-get install openssh-server)", sshdPath)
		}
		files, sshCmd, err := sshKeys(keyDir)
		if err != nil {
			return nil, err
		}
		inner = "22/tcp"
		opts = append(opts,
			testcontainers.WithCmd(sshdPath, "-D", "-e"),
			testcontainers.WithFiles(files...),
			testcontainers.WithWaitStrategyAndDeadline(readyTimeout, wait.ForLog("Server listening on")))
		s.URL = "ssh://root@" + s.addr + "/srv/git/" + Repo
		s.SSHCommand = sshCmd
	default:
		return nil, fmt.Errorf("unknown remote kind %q (want %q or %q)", kind, GitDaemon, SSH)
	}
	opts = append(opts,
		testcontainers.WithLogger(logf),
		testcontainers.WithExposedPorts(inner),
		testcontainers.WithLabels(ownerLabels()),
		testcontainers.WithHostConfigModifier(func(hc *container.HostConfig) {
			hc.PortBindings = network.PortMap{network.MustParsePort(inner): {{
				HostIP: netip.MustParseAddr("127.0.0.1"), HostPort: port}}}
		}))
	ctr, err := testcontainers.Run(ctx, img, opts...)
	if ctr != nil {
		s.ctr = ctr
	}
	if err != nil {
		if ctr != nil {
			_ = s.Terminate(context.Background())
		}
		return nil, fmt.Errorf("start the %s remote: %w", kind, err)
	}
	if err := s.exec(ctx, "/usr/bin/git", "init", "-q", "--bare", "/srv/git/"+Repo); err != nil {
		_ = s.Terminate(context.Background())
		return nil, err
	}
	if err := s.ready(ctx); err != nil {
		_ = s.Terminate(context.Background())
		return nil, err
	}
	return s, nil
}

// Stop kills the container: the remote refuses connections until Start. Its repository is kept.
func (s *Server) Stop(ctx context.Context) error {
	if s.paused {
		if err := s.Unpause(ctx); err != nil {
			return err
		}
	}
	zero := time.Duration(0) // git daemon as PID 1 ignores SIGTERM; waiting for it is pointless
	if err := s.ctr.Stop(ctx, &zero); err != nil {
		return fmt.Errorf("stop the %s remote: %w", s.Kind, err)
	}
	return nil
}

// Start starts a stopped remote again on the same address and waits until it serves.
func (s *Server) Start(ctx context.Context) error {
	if err := s.ctr.Start(ctx); err != nil {
		return fmt.Errorf("start the %s remote: %w", s.Kind, err)
	}
	return s.ready(ctx)
}

// Pause freezes the container: connections are accepted but never answered, like a hung host.
func (s *Server) Pause(ctx context.Context) error {
	cli, err := testcontainers.NewDockerClientWithOpts(ctx)
	if err != nil {
		return fmt.Errorf("pause the %s remote: %w", s.Kind, err)
	}
	defer func() { _ = cli.Close() }()
	if _, err := cli.ContainerPause(ctx, s.ctr.GetContainerID(), client.ContainerPauseOptions{}); err != nil {
		return fmt.Errorf("pause the %s remote: %w", s.Kind, err)
	}
	s.paused = true
	return nil
}

// Unpause thaws a paused container.
func (s *Server) Unpause(ctx context.Context) error {
	cli, err := testcontainers.NewDockerClientWithOpts(ctx)
	if err != nil {
		return fmt.Errorf("unpause the %s remote: %w", s.Kind, err)
	}
	defer func() { _ = cli.Close() }()
	if _, err := cli.ContainerUnpause(ctx, s.ctr.GetContainerID(), client.ContainerUnpauseOptions{}); err != nil {
		return fmt.Errorf("unpause the %s remote: %w", s.Kind, err)
	}
	s.paused = false
	return nil
}

// Terminate removes the container and its volumes.
func (s *Server) Terminate(ctx context.Context) error {
	if s.ctr == nil {
		return nil
	}
	if s.paused {
		_ = s.Unpause(ctx)
	}
	if err := s.ctr.Terminate(ctx, testcontainers.StopTimeout(0)); err != nil {
		return fmt.Errorf("remove the %s remote: %w", s.Kind, err)
	}
	return nil
}

// exec runs a command in the container and fails on a non-zero exit.
func (s *Server) exec(ctx context.Context, argv ...string) error {
	code, out, err := s.ctr.Exec(ctx, argv)
	if err != nil {
		return fmt.Errorf("%s in the %s remote: %w", strings.Join(argv, " "), s.Kind, err)
	}
	if code != 0 {
		b, _ := io.ReadAll(out)
		return fmt.Errorf("%s in the %s remote: exit %d: %s", strings.Join(argv, " "), s.Kind, code, bytes.TrimSpace(b))
	}
	return nil
}

// ready waits until the server behind the published port answers. The port itself is no proof:
// Docker's proxy accepts connections on it even while the server is not listening yet.
func (s *Server) ready(ctx context.Context) error {
	deadline := time.Now().Add(readyTimeout)
	var last error
	for time.Now().Before(deadline) {
		if last = s.probe(); last == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("the %s remote at %s is not serving after %s: %w", s.Kind, s.addr, readyTimeout, last)
}

// probe makes one protocol-level request: sshd's banner, or git daemon's ref advertisement.
func (s *Server) probe() error {
	c, err := net.DialTimeout("tcp", s.addr, time.Second)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	_ = c.SetDeadline(time.Now().Add(2 * time.Second))
	want := "SSH-"
	if s.Kind == GitDaemon {
		req := "git-upload-pack /" + Repo + "\x00host=127.0.0.1\x00"
		if _, err := fmt.Fprintf(c, "%04x%s", len(req)+4, req); err != nil {
			return err
		}
		want = "" // any pkt-line back (an empty repository answers with a flush or capabilities)
	}
	buf := make([]byte, 4)
	if _, err := io.ReadFull(c, buf); err != nil {
		return fmt.Errorf("no answer: %w", err)
	}
	if want != "" && string(buf) != want {
		return fmt.Errorf("unexpected answer %q", buf)
	}
	return nil
}

// sshKeys makes a host key and a client key for one container. The host key goes into the
// container only; the client's private key into keyDir for GIT_SSH_COMMAND.
func sshKeys(keyDir string) ([]testcontainers.ContainerFile, string, error) {
	hostPEM, _, err := newKey()
	if err != nil {
		return nil, "", err
	}
	clientPEM, clientPub, err := newKey()
	if err != nil {
		return nil, "", err
	}
	if err := os.MkdirAll(keyDir, 0o700); err != nil {
		return nil, "", fmt.Errorf("create the key directory: %w", err)
	}
	keyPath := filepath.Join(keyDir, "id_ed25519")
	if err := os.WriteFile(keyPath, clientPEM, 0o600); err != nil {
		return nil, "", fmt.Errorf("write the client key: %w", err)
	}
	files := []testcontainers.ContainerFile{
		{Reader: bytes.NewReader(hostPEM), ContainerFilePath: "/etc/ssh/ssh_host_ed25519_key", FileMode: 0o600},
		{Reader: bytes.NewReader(ssh.MarshalAuthorizedKey(clientPub)), ContainerFilePath: "/root/.ssh/authorized_keys", FileMode: 0o600},
	}
	cmd := "ssh -i " + keyPath + " -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no" +
		" -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o ConnectTimeout=10"
	return files, cmd, nil
}

func newKey() ([]byte, ssh.PublicKey, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("generate an ssh key: %w", err)
	}
	block, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		return nil, nil, fmt.Errorf("encode an ssh key: %w", err)
	}
	sshPub, err := ssh.NewPublicKey(pub)
	if err != nil {
		return nil, nil, fmt.Errorf("encode an ssh key: %w", err)
	}
	return pem.EncodeToMemory(block), sshPub, nil
}

// freePort asks the kernel for a free loopback port. The container binds it explicitly (rather
// than letting Docker pick one) so the address stays the same across a stop and start.
func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("find a free port: %w", err)
	}
	defer func() { _ = l.Close() }()
	_, port, err := net.SplitHostPort(l.Addr().String())
	return port, err
}
