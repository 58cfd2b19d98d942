package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// Exit codes of the scan and bench commands.
const (
	exitClean    = 0
	exitFindings = 1
	exitUsage    = 2
)

// exitError carries an exit code out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

func usageError(err error) error { return &exitError{code: exitUsage, err: err} }

// execute runs the root command and maps errors to exit codes: usage and
// input errors are 2, findings over the threshold 1.
func execute(root *cobra.Command) int {
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	err := root.Execute()
	if err == nil {
		return exitClean
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(os.Stderr, "bulwark:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(os.Stderr, "bulwark:", err)
	return exitUsage
}
