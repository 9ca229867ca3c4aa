package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"sync"
	"time"
)

// mcp-go's stdio server cancels every request still running when stdin reaches EOF. A client
// that writes its requests and closes its end at once (a shell pipe, a test script) would get
// "context canceled" instead of its answers. drain sits on both pipes: it notes the id of every
// request read from stdin and of every response written to stdout, and holds back stdin's EOF
// until each request has been answered (or maxDrain has passed, so a stuck call can never keep
// the process alive).
type drain struct {
	mu      sync.Mutex // guards pending, changed and the write side
	pending map[string]bool
	changed chan struct{} // closed and replaced whenever pending shrinks
	out     io.Writer
	obuf    []byte // bytes written to out since the last newline

	in  *bufio.Reader // read by one goroutine only
	buf []byte        // the rest of the current line, not yet returned to the reader's caller
}

const maxDrain = 30 * time.Second

func newDrain(in io.Reader, out io.Writer) *drain {
	return &drain{pending: map[string]bool{}, changed: make(chan struct{}), in: bufio.NewReaderSize(in, 64<<10), out: out}
}

// envelope is the part of a JSON-RPC message that says what it is.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func idOf(line []byte) (id string, isRequest, isResponse bool) {
	var e envelope
	if json.Unmarshal(bytes.TrimSpace(line), &e) != nil || len(e.ID) == 0 || string(e.ID) == "null" {
		return "", false, false
	}
	return string(e.ID), e.Method != "", e.Method == ""
}

// Read passes stdin through line by line, recording request ids.
func (d *drain) Read(p []byte) (int, error) {
	if len(d.buf) == 0 {
		line, err := d.in.ReadBytes('\n')
		if len(line) > 0 {
			if id, req, _ := idOf(line); req {
				d.mu.Lock()
				d.pending[id] = true
				d.mu.Unlock()
			}
			d.buf = line
		}
		if err != nil && len(line) == 0 {
			if err == io.EOF {
				d.wait()
			}
			return 0, err
		}
	}
	n := copy(p, d.buf)
	d.buf = d.buf[n:]
	return n, nil
}

// Write passes stdout through, crossing off the ids of responses. It holds the lock throughout, so
// concurrent writers (notifications and responses) stay whole lines.
func (d *drain) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	n, err := d.out.Write(p)
	d.obuf = append(d.obuf, p[:n]...)
	for {
		i := bytes.IndexByte(d.obuf, '\n')
		if i < 0 {
			break
		}
		if id, _, resp := idOf(d.obuf[:i]); resp && d.pending[id] {
			delete(d.pending, id)
			close(d.changed)
			d.changed = make(chan struct{})
		}
		d.obuf = d.obuf[i+1:]
	}
	return n, err
}

// wait blocks until no request is unanswered, or maxDrain passes.
func (d *drain) wait() {
	deadline := time.After(maxDrain)
	for {
		d.mu.Lock()
		left, changed := len(d.pending), d.changed
		d.mu.Unlock()
		if left == 0 {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			return
		}
	}
}
