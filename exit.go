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
// input errors are 2, findings over the threshold 1. The service's main.go
// can call it, or call exitCode on the error of its own Execute.
func execute(root *cobra.Command) int {
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	err := root.Execute()
	code := exitCode(err)
	if err != nil {
		var ee *exitError
		if !errors.As(err, &ee) || ee.err != nil {
			fmt.Fprintln(os.Stderr, "bulwark:", err)
		}
	}
	return code
}

// exitCode maps a command error to the process exit code.
func exitCode(err error) int {
	if err == nil {
		return exitClean
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitUsage
}
