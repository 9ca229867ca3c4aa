package remote

import (
	"context"
	"errors"
	"os"
	"strconv"
	"sync"
	"syscall"

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
)

// ownerLabel records the test process that made a container. Without Ryuk nothing reaps the
// containers of a run that was killed (^C, a timeout), so the next run removes those whose owner
// is gone, and never those of a run still going in parallel.
const ownerLabel = Label + ".pid"

func ownerLabels() map[string]string {
	return map[string]string{Label: "true", ownerLabel: strconv.Itoa(os.Getpid())}
}

var sweepOnce sync.Once

// sweep removes remote containers left behind by test processes that no longer exist. It is best
// effort: a failure here must not stop the tests that follow.
func sweep(ctx context.Context, logf Logf) {
	sweepOnce.Do(func() {
		cli, err := testcontainers.NewDockerClientWithOpts(ctx)
		if err != nil {
			return
		}
		defer func() { _ = cli.Close() }()
		list, err := cli.ContainerList(ctx, client.ContainerListOptions{All: true, Filters: client.Filters{}.Add("label", Label)})
		if err != nil {
			return
		}
		for _, c := range list.Items {
			pid, err := strconv.Atoi(c.Labels[ownerLabel])
			if err != nil || alive(pid) {
				continue
			}
			if _, err := cli.ContainerRemove(ctx, c.ID, client.ContainerRemoveOptions{Force: true, RemoveVolumes: true}); err == nil {
				logf("removed container %.12s left behind by test process %d", c.ID, pid)
			}
		}
	})
}

func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
