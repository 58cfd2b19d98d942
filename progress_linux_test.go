package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"syscall"
	"testing"

	"github.com/spf13/cobra"
	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair, so the progress line is tested on a
// real terminal device rather than a stand-in.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetUint32(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("open the terminal side: %v", err)
	}
	t.Cleanup(func() { m.Close(); s.Close() })
	return m, s
}

// scanOnTTY runs scan with stderr on a terminal and returns what the
// terminal showed.
func scanOnTTY(t *testing.T, args ...string) (int, string) {
	t.Helper()
	master, tty := openPTY(t)
	shown := make(chan string)
	go func() {
		var buf bytes.Buffer
		_, err := io.Copy(&buf, master)
		if err != nil && !errors.Is(err, syscall.EIO) && !errors.Is(err, os.ErrClosed) {
			t.Errorf("read the terminal: %v", err)
		}
		shown <- buf.String()
	}()
	root := &cobra.Command{Use: "bulwark", SilenceUsage: true, SilenceErrors: true}
	root.AddCommand(newScanCmd())
	root.SetOut(io.Discard)
	root.SetErr(tty)
	root.SetArgs(args)
	code := executeRoot(root)
	tty.Close() // the reader sees EIO once the terminal side is closed
	return code, <-shown
}

// TestScanProgressOnTerminal: on a terminal, scan ends with one line of
// files selected, excluded, skipped, findings and time; -q and a pipe get
// none.
func TestScanProgressOnTerminal(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"foundry.toml":               "[profile.default]\nsrc = \"src\"\n",
		"src/Wallet.sol":             vulnerable,
		"src/Counter.sol":            clean,
		"src/Blob.sol":               "\x00binary",
		"lib/forge-std/src/Test.sol": vulnerable,
		"test/Wallet.t.sol":          vulnerable,
	})
	line := regexp.MustCompile(`bulwark: 2 file\(s\) selected, 2 excluded, 1 skipped; 1 finding\(s\) in [0-9.]+m?s\r?\n`)
	code, shown := scanOnTTY(t, "scan", dir)
	if code != 1 || !line.MatchString(shown) {
		t.Errorf("exit %d; the terminal showed:\n%q", code, shown)
	}
	code, shown = scanOnTTY(t, "scan", "-q", dir)
	if code != 1 || line.MatchString(shown) || regexp.MustCompile(`scanned 2 file`).MatchString(shown) {
		t.Errorf("-q: exit %d; the terminal showed:\n%q", code, shown)
	}
	if _, _, stderr := runCLIStreams(t, "scan", dir); line.MatchString(stderr) {
		t.Errorf("not a terminal, yet:\n%s", stderr)
	}
}
