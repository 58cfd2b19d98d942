package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-isatty"
)

// scanProgress is `bulwark scan`'s status line on a terminal's stderr:
// after two seconds it shows how far the scan is, once a second, and at the
// end one summary line (files selected, excluded, skipped, findings, time).
// On anything but a terminal it writes nothing: logs and pipes get the
// selection summary and notices only.
type scanProgress struct {
	w                           io.Writer
	start                       time.Time
	selected, excluded, skipped int
	done, total                 atomic.Int64
	stop                        chan struct{}
	wg                          sync.WaitGroup
}

// progressDelay and progressEvery pace the live line.
const (
	progressDelay = 2 * time.Second
	progressEvery = time.Second
)

// isTTY reports whether w is a terminal (not merely a character device:
// /dev/null is one too).
func isTTY(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// startProgress starts the live line on w, or returns nil when w is not a
// terminal or quiet is set. Every method is safe on nil.
func startProgress(w io.Writer, quiet bool, selected, excluded, skipped int) *scanProgress {
	if quiet || !isTTY(w) {
		return nil
	}
	p := &scanProgress{w: w, start: time.Now(), selected: selected, excluded: excluded, skipped: skipped,
		stop: make(chan struct{})}
	p.wg.Add(1)
	go p.loop()
	return p
}

func (p *scanProgress) loop() {
	defer p.wg.Done()
	t := time.NewTimer(progressDelay)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			done, total := p.done.Load(), p.total.Load()
			pct := 0
			if total > 0 {
				pct = int(done * 100 / total)
			}
			fmt.Fprintf(p.w, "\r\x1b[Kbulwark: scanning %d file(s): %d%% (%s)", p.selected, pct, p.elapsed())
			t.Reset(progressEvery)
		}
	}
}

// update records the engine's progress (scanner.Options.Progress).
func (p *scanProgress) update(done, total int) {
	if p == nil {
		return
	}
	p.total.Store(int64(total))
	for {
		old := p.done.Load()
		if int64(done) <= old || p.done.CompareAndSwap(old, int64(done)) {
			return
		}
	}
}

func (p *scanProgress) elapsed() string {
	return time.Since(p.start).Round(100 * time.Millisecond).String()
}

// halt stops and clears the live line, before the report is written.
func (p *scanProgress) halt() {
	if p == nil || p.stop == nil {
		return
	}
	close(p.stop)
	p.wg.Wait()
	p.stop = nil
	fmt.Fprint(p.w, "\r\x1b[K")
}

// finish ends the scan's status with its summary line.
func (p *scanProgress) finish(findings int) {
	if p == nil {
		return
	}
	p.halt()
	fmt.Fprintf(p.w, "bulwark: %d file(s) selected, %d excluded, %d skipped; %d finding(s) in %s\n",
		p.selected, p.excluded, p.skipped, findings, p.elapsed())
}
