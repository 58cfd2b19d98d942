package solidity

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
)

func dump(n *Node, d int) {
	t := ""
	if len(n.Children) == 0 {
		t = n.Text()
	}
	fmt.Printf("%s%s:%s %d %q\n", strings.Repeat("  ", d), n.Field, n.Kind, n.Line, t)
	for _, c := range n.Children {
		dump(c, d+1)
	}
}

func TestDbg(t *testing.T) {
	p := os.Getenv("DBG")
	if p == "" {
		t.Skip()
	}
	filepath.Walk(p, func(path string, info os.FileInfo, err error) error {
		if !strings.HasSuffix(path, ".sol") {
			return nil
		}
		b, _ := os.ReadFile(path)
		u := ParseFile(scanner.File{Path: path, Content: b})
		if os.Getenv("DUMP") != "" {
			dump(u.Root, 0)
		}
		for _, e := range u.Errors() {
			fmt.Println("ERR", path, e.Line, e.Message, strings.TrimSpace(strings.Split(string(b), "\n")[e.Line-1]))
		}
		if os.Getenv("FIND") != "" {
			for _, f := range u.Check(nil) {
				fmt.Println(f.Line, f.DetectorID, f.Snippet)
			}
		}
		return nil
	})
}
