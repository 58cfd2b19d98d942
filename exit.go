package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// Exit codes of the scan and bench commands.
const (
	codeClean    = 0
	codeFindings = 1
	codeUsage    = 2
)

// codeError carries an exit code out of a command.
type codeError struct {
	code int
	err  error
}

func (e *codeError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *codeError) Unwrap() error { return e.err }

func usageErr(err error) error { return &codeError{code: codeUsage, err: err} }

// executeRoot runs the root command and maps errors to exit codes: usage and
// input errors are 2, findings over the threshold 1. The service's main.go
// can call it, or call exitCodeOf on the error of its own Execute.
func executeRoot(root *cobra.Command) int {
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr(err) })
	err := root.Execute()
	code := exitCodeOf(err)
	if err != nil {
		var ee *codeError
		if !errors.As(err, &ee) || ee.err != nil {
			fmt.Fprintln(os.Stderr, "bulwark:", err)
		}
	}
	return code
}

// exitCodeOf maps a command error to the process exit code.
func exitCodeOf(err error) int {
	if err == nil {
		return codeClean
	}
	var ee *codeError
	if errors.As(err, &ee) {
		return ee.code
	}
	return codeUsage
}
