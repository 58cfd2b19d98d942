pragma solidity ^0.8.0;

// A library function named like Address.sendValue that sends nothing does
// not release the ether.
library L2 {
    function sendValue(address payable to, uint256 v) internal pure returns (bytes32) {
        return keccak256(abi.encode(to, v));
    }
}

// ruleid: SOL-LOCKED-ETHER
contract C15 {
    using L2 for address payable;
    bytes32 public q1;

    receive() external payable {}

    function f1(address payable to) external {
        q1 = to.sendValue(1);
    }
}
