pragma solidity ^0.8.0;

library L3 {
    function functionCallWithValue(address t, uint256 v) internal view returns (uint256) {
        return t.balance + v;
    }
}

// ruleid: SOL-LOCKED-ETHER
contract C16 {
    uint256 public q1;

    function f0() external payable {
        q1 = L3.functionCallWithValue(msg.sender, msg.value);
    }
}
