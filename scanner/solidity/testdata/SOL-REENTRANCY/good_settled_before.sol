pragma solidity ^0.8.19;

// Writes after a call that re-entry cannot exploit: a call made while the
// contract is being constructed (it has no code to call back), a debit
// put back only when the call failed (the failure reverted the callee's
// re-entry too), and a loop whose every turn settles its own entry before
// paying it.
contract C212 {
    mapping(address => uint256) public b12;
    address[] public u12;
    address public o12;
    bool public s12;

    constructor(address t) {
        o12 = msg.sender;
        // ok: SOL-REENTRANCY
        (bool ok, ) = t.call("");
        s12 = ok;
    }

    function f1() external {
        uint256 a = b12[msg.sender];
        b12[msg.sender] = 0;
        // ok: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: a}("");
        if (!ok) {
            b12[msg.sender] = a;
        }
    }

    function f2() external {
        require(msg.sender == o12);
        for (uint256 i = 0; i < u12.length; i++) {
            uint256 a = b12[u12[i]];
            b12[u12[i]] = 0;
            // ok: SOL-REENTRANCY
            (bool ok, ) = u12[i].call{value: a}("");
            if (!ok) {
                b12[u12[i]] = a;
            }
        }
    }

    function f3() external {
        bool ok;
        uint256 a = b12[msg.sender];
        b12[msg.sender] = 0;
        // ok: SOL-REENTRANCY
        (ok, ) = (msg.sender.call{value: a}(""));
        if (ok == false) {
            u12.push(msg.sender);
            b12[msg.sender] = a;
        }
    }
}
