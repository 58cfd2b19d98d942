package solidity

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
)

func dumpN(n *Node, d int) {
	t := ""
	if len(n.Children) == 0 {
		t = n.Text()
	}
	fmt.Printf("%s%s:%s %d %q\n", strings.Repeat("  ", d), n.Field, n.Kind, n.Line, t)
	for _, c := range n.Children {
		dumpN(c, d+1)
	}
}

func TestDbg(t *testing.T) {
	p := os.Getenv("DBG")
	if p == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(p)
	u := ParseFile(scanner.File{Path: p, Content: b})
	dumpN(u.Root, 0)
	for _, f := range u.Check(nil) {
		fmt.Println(f.Line, f.DetectorID, f.Snippet)
	}
}

func TestDbgFlat(t *testing.T) {
	p := os.Getenv("DBG")
	if p == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(p)
	c := newCParser()
	for i, r := range c.parse(b) {
		name := "ERR"
		if int(r.symbol) < len(kindNames) {
			name = kindNames[r.symbol]
		}
		if r.start >= 170 && r.start < 320 {
			fmt.Println(i, r.parent, name, fieldName[r.field], r.start, r.end)
		}
	}
}
