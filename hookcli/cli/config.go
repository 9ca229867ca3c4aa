package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var configCmd = &command{
	name:    "config",
	summary: "Show and change settings: list, get KEY, set KEY VALUE [KEY VALUE...], unset KEY, test.",
	usage:   "list|get KEY|set KEY VALUE...|unset KEY|test [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		asJSON := fs.Bool("json", false, "print JSON")
		reveal := fs.Bool("reveal", false, "get: print a secret in full")
		return func(ctx context.Context, a *cmdEnv, args []string) error {
			if len(args) == 0 {
				args = []string{"list"}
			}
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			switch sub, rest := args[0], args[1:]; {
			case sub == "list" && len(rest) == 0:
				vals := c.ConfigList()
				if *asJSON {
					return a.printJSON(vals)
				}
				for _, v := range vals {
					fmt.Fprintf(a.stdout, "%s = %s  [%s]\n", v.Key, v.Value, v.Source)
					if v.Ignored != "" {
						fmt.Fprintf(a.stdout, "  (%s)\n", v.Ignored)
					}
				}
				return nil
			case sub == "get" && len(rest) == 1:
				v, raw, err := c.ConfigGet(rest[0], *reveal)
				if err != nil {
					return usagef("%s", sentence(err))
				}
				if *asJSON {
					return a.printJSON(v)
				}
				fmt.Fprintln(a.stdout, raw)
				return nil
			case sub == "set" && len(rest) >= 2 && len(rest)%2 == 0:
				var pairs [][2]string
				for i := 0; i < len(rest); i += 2 {
					pairs = append(pairs, [2]string{rest[i], rest[i+1]})
				}
				if err := c.ConfigSet(pairs); err != nil {
					return usagef("%s; nothing was written", sentence(err))
				}
				for _, p := range pairs {
					_, raw, _ := c.ConfigGet(p[0], false)
					fmt.Fprintf(a.stdout, "config: %s = %s\n", p[0], raw)
				}
				return nil
			case sub == "unset" && len(rest) == 1:
				if err := c.ConfigUnset(rest[0]); err != nil {
					return usagef("%s", sentence(err))
				}
				fmt.Fprintf(a.stdout, "config: %s unset\n", rest[0])
				return nil
			case sub == "test" && len(rest) == 0:
				res := c.ConfigTest(ctx)
				if *asJSON {
					if err := a.printJSON(res); err != nil {
						return err
					}
				} else {
					fmt.Fprintf(a.stdout, "config test: %s: ok=%t (%s)\n", res.Provider, res.OK, res.Detail)
				}
				if !res.OK {
					return fmt.Errorf("the provider did not answer: %s", res.Detail)
				}
				return nil
			}
			return usagef("expected list, get KEY, set KEY VALUE [KEY VALUE...], unset KEY or test")
		}
	},
}
