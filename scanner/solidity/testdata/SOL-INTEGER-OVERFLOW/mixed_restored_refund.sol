pragma solidity ^0.4.24;

// A debit put back when the payment fails: the entry held at least the
// amount before the debit, so adding it back cannot wrap.
contract C74 {
    mapping(address => uint256) q1;

    function f0() external payable {
        require(q1[msg.sender] + msg.value >= q1[msg.sender]);
        q1[msg.sender] += msg.value;
    }

    function f1(uint256 a) external {
        if (q1[msg.sender] >= a) {
            q1[msg.sender] -= a;
            if (!msg.sender.send(a)) {
                // ok: SOL-INTEGER-OVERFLOW
                q1[msg.sender] += a;
            }
        }
    }

    function f2(address to, uint256 a) external {
        require(q1[msg.sender] >= a);
        q1[msg.sender] -= a;
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[to] += a;
    }
}
