pragma solidity ^0.8.0;

// A payable multicall delegatecalls itself: every payable sub-call sees
// the whole msg.value.
contract C3 {
    mapping(address => uint256) q1;

    function f1() public payable {
        q1[msg.sender] += msg.value;
    }

    function f2(bytes[] calldata d) external payable {
        for (uint256 i = 0; i < d.length; i++) {
            // ruleid: SOL-MSG-VALUE-LOOP
            (bool ok, ) = address(this).delegatecall(d[i]);
            require(ok);
        }
    }
}
