package ci

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
)

// Progress shows the wait for a scan.
type Progress interface {
	Update(scanID, status string, elapsed time.Duration)
	Done()
}

// NewProgress returns a spinner rewriting one line when interactive, else
// plain lines: one per status change and a heartbeat every 30 s, which CI
// logs keep readable.
func NewProgress(w io.Writer, interactive bool) Progress {
	if interactive {
		return &spinner{w: w}
	}
	return &plain{w: w, every: 30 * time.Second}
}

// Interactive reports whether w is a terminal outside CI.
func Interactive(w io.Writer, ci CIContext) bool {
	f, ok := w.(*os.File)
	if !ok || ci.Provider != "local" {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

type plain struct {
	w      io.Writer
	every  time.Duration
	status string
	last   time.Duration
}

func (p *plain) Update(id, status string, elapsed time.Duration) {
	if status == p.status && elapsed-p.last < p.every {
		return
	}
	p.status, p.last = status, elapsed
	fmt.Fprintf(p.w, "bulwark: scan %s %s (%s)\n", id, status, elapsed.Round(time.Second))
}

func (p *plain) Done() {}

var frames = []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

type spinner struct {
	w     io.Writer
	n     int
	drawn bool
}

func (s *spinner) Update(id, status string, elapsed time.Duration) {
	s.n++
	// \r and erase-line redraw the same line.
	fmt.Fprintf(s.w, "\r\x1b[2K%c scan %s %s %s", frames[s.n%len(frames)], id, status, elapsed.Round(time.Second))
	s.drawn = true
}

func (s *spinner) Done() {
	if s.drawn {
		fmt.Fprint(s.w, "\r\x1b[2K")
	}
}
