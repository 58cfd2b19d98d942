pragma solidity ^0.8.0;

interface I16 {
    function transfer(address to, uint256 v) external returns (bool);
    function operatorSend(address from, address to, uint256 v, bytes calldata d, bytes calldata od) external;
}

// An ERC-777 token (operatorSend): its hooks forward all gas, so the
// write after the transfer is SOL-REENTRANCY's (high), not reported
// again here as a limited reentrancy.
contract C79 {
    I16 q1;
    mapping(address => uint256) q2;

    function f1(uint256 v) external {
        require(q2[msg.sender] + v <= 1000);
        // ok: SOL-REENTRANCY-LIMITED
        // ruleid: SOL-REENTRANCY
        q1.transfer(msg.sender, v);
        q2[msg.sender] += v;
    }
}
