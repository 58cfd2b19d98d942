pragma solidity ^0.8.0;

contract C40 {
    mapping(address => uint256) q1;

    function f1() external payable {
        // ok: SOL-EOA-CHECK
        q1[msg.sender] += msg.value;
    }

    function f2() external view returns (address) {
        // ok: SOL-EOA-CHECK
        return tx.origin;
    }
}
