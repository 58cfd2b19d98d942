package bench

import (
	"fmt"
	"strings"
)

// Solidity1000 builds a 1,000-line contract in the style of a 0.4 token
// with a bank, so most detectors have work to do: the file the
// 1,000-line benchmarks of the Solidity scanner and of every language
// share.
func Solidity1000() []byte {
	var b strings.Builder
	b.WriteString("pragma solidity ^0.4.24;\n\ncontract Big {\n    address owner;\n    mapping(address => uint256) balances;\n    uint256 total;\n\n")
	for i, lines := 0, 7; lines < 998; i++ {
		fmt.Fprintf(&b, `    function deposit%[1]d(uint256 amount) public payable {
        require(msg.value == amount);
        balances[msg.sender] += amount;
        total += amount;
    }

    function withdraw%[1]d(uint256 amount) public {
        require(balances[msg.sender] >= amount);
        if (msg.sender.call.value(amount)()) {
            balances[msg.sender] -= amount;
        }
        if (now %% 2 == 0) { total = total - 1; }
    }

`, i)
		lines += 14
	}
	b.WriteString("}\n")
	return []byte(b.String())
}
