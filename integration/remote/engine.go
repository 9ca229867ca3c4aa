package remote

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
)

// Settings testcontainers needs on a machine without a registry: Ryuk (the reaper) is an image
// that cannot be pulled, and /.dockerenv would make it dial a gateway address instead of the
// published ports on loopback. Both are set only when the user has not chosen otherwise.
func init() {
	for k, v := range map[string]string{
		"TESTCONTAINERS_RYUK_DISABLED": "true",
		"TESTCONTAINERS_HOST_OVERRIDE": "127.0.0.1",
	} {
		if _, ok := os.LookupEnv(k); !ok {
			_ = os.Setenv(k, v)
		}
	}
}

var (
	engineOnce sync.Once
	engineErr  error
)

// Engine reports whether a Docker engine answers, checking once per process. The error says why
// not, in one sentence.
func Engine() error {
	engineOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		cli, err := testcontainers.NewDockerClientWithOpts(ctx)
		if err != nil {
			engineErr = fmt.Errorf("no Docker engine found (is dockerd running?): %w", err)
			return
		}
		defer func() { _ = cli.Close() }()
		if _, err := cli.Ping(ctx, client.PingOptions{}); err != nil {
			engineErr = fmt.Errorf("no Docker engine answers: %w", err)
		}
	})
	return engineErr
}
