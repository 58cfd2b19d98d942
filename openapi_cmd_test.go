package main

import (
	"bytes"
	"testing"

	"github.com/spf13/cobra"

	"github.com/bulwark-sec/bulwark/server"
)

// `bulwark openapi` prints exactly the document the server serves.
func TestOpenAPICommand(t *testing.T) {
	root := &cobra.Command{Use: "bulwark", SilenceUsage: true, SilenceErrors: true}
	root.AddCommand(newOpenAPICmd())
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetArgs([]string{"openapi"})
	if code := executeRoot(root); code != 0 {
		t.Fatalf("exit %d", code)
	}
	want, err := server.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSpace(out.Bytes()), want) {
		t.Errorf("bulwark openapi printed %d bytes, the server serves %d", out.Len(), len(want))
	}
}
