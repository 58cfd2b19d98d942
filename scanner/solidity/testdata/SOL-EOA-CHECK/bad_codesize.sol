pragma solidity ^0.8.0;

contract C38 {
    mapping(address => uint256) q1;

    function f0(address a) internal view returns (bool r) {
        uint256 s;
        // ruleid: SOL-EOA-CHECK
        assembly { s := extcodesize(caller()) }
        r = s == 0;
    }

    function f1() external payable {
        // ruleid: SOL-EOA-CHECK
        require(msg.sender.code.length == 0);
        q1[msg.sender] += msg.value;
    }

    function f2() external payable {
        require(f0(msg.sender));
        q1[msg.sender] += msg.value;
    }
}
