// Command bulwark is the smart-contract security scanner's CLI. This
// minimal root is replaced by the service's main.go at merge; it wires the
// same scan and bench commands.
package main

import (
	"os"

	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{
		Use:           "bulwark",
		Short:         "Smart-contract security scanner",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newScanCmd(), newBenchCmd())
	os.Exit(executeRoot(root))
}
