pragma solidity ^0.8.19;

// The payment sits in a free function of the file: the balance is cleared
// only after it returns.
function pay68(address to, uint256 v) {
    (bool ok, ) = to.call{value: v}("");
    require(ok, "pay");
}

contract C268 {
    mapping(address => uint256) internal b68;

    function withdraw() external {
        // ruleid: SOL-REENTRANCY
        pay68(msg.sender, b68[msg.sender]);
        b68[msg.sender] = 0;
    }
}
