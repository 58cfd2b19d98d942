pragma solidity ^0.8.0;

// The debit happens after the call, inside an internal helper.
contract C110 {
    mapping(address => uint256) q1;

    function g1(address a) internal {
        q1[a] = 0;
    }

    function g2(address a, uint256 x) private {
        q1[a] -= x;
    }

    function f1() external {
        uint256 x = q1[msg.sender];
        // ruleid: SOL-REENTRANCY
        (bool ok, ) = payable(msg.sender).call{value: x}("");
        require(ok, "pay");
        g1(msg.sender);
    }

    function f2(uint256 x) external {
        require(q1[msg.sender] >= x, "low");
        // ruleid: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: x}("");
        require(ok, "pay");
        g2(msg.sender, x);
    }
}
