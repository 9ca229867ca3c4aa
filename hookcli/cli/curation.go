package cli

import (
	"fmt"
	"io"

	"github.com/anamnesis-go/anamnesis/core/app"
)

func dryRunHint(w io.Writer, cmd string, n int) {
	if n > 0 {
		fmt.Fprintf(w, "%s: dry run; add --apply to write it\n", cmd)
	}
}

// sentence is the one sentence a user sees for err.
func sentence(err error) string {
	msg, _ := app.Problem(err, nil)
	return msg
}
