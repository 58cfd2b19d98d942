package main

import "github.com/spf13/cobra"

func newScanCmd() *cobra.Command { return &cobra.Command{Use: "scan"} }
