package solidity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
)

func big() []byte {
	var b strings.Builder
	b.WriteString("pragma solidity ^0.4.24;\ncontract Big {\n mapping(address => uint256) balances;\n uint256 total;\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "function withdraw%d(uint256 amount) public {\n require(balances[msg.sender] >= amount);\n if (msg.sender.call.value(amount)()) {\n balances[msg.sender] -= amount;\n }\n total += amount;\n }\n", i)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

func BenchmarkTSParse(b *testing.B) {
	src := big()
	p := newParser()
	for b.Loop() {
		p.c.parse(src)
	}
}

func BenchmarkConvert(b *testing.B) {
	src := big()
	p := newParser()
	for b.Loop() {
		p.parse(scanner.File{Path: "x", Content: src})
	}
}

func BenchmarkDetectors(b *testing.B) {
	src := big()
	p := newParser()
	u := p.parse(scanner.File{Path: "x", Content: src})
	link([]*Unit{u})
	for _, d := range detectors {
		b.Run(d.Meta().ID, func(b *testing.B) {
			for b.Loop() {
				d.Check(u)
			}
		})
	}
}
