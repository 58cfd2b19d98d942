pragma solidity ^0.8.0;

interface I2 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
    function approve(address s, uint256 v) external returns (bool);
}

contract C9 {
    function f1(address t, uint256 nft) external {
        I2 q = I2(t);
        // ruleid: SOL-UNCHECKED-ERC20-TRANSFER
        q.transferFrom(msg.sender, address(this), nft);
        // ruleid: SOL-UNCHECKED-ERC20-TRANSFER
        q.approve(msg.sender, 0);
    }
}
