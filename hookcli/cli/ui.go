package cli

import (
	"context"
	"flag"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/hookcli/ui"
)

var uiCmd = &command{
	name:    "ui",
	summary: "Serve the memory dashboard to a browser on this machine (loopback only).",
	usage:   "[--addr 127.0.0.1:7822] [--open]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		addr := fs.String("addr", ui.DefaultAddr, "loopback address to listen on (127.0.0.1, ::1 or localhost)")
		open := fs.Bool("open", false, "open the dashboard in the default browser")
		return func(ctx context.Context, a *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("takes no arguments")
			}
			core, err := app.New(a.home, app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = core.Close() }()
			return ui.Run(ctx, ui.RunOptions{App: core, Addr: *addr, Open: *open, Out: a.stdout})
		}
	},
}
