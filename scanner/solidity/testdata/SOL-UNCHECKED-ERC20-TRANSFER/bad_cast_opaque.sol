pragma solidity ^0.8.0;

// Opaque names: the interface's transfer returns a bool the cast call
// drops; a receiver whose type is outside the bundle is taken as ERC-20.
interface I1 {
    function transfer(address to, uint256 v) external returns (bool);
}

contract C8 {
    function f1(address t, address to, uint256 tokenId) external {
        // ruleid: SOL-UNCHECKED-ERC20-TRANSFER
        I1(t).transfer(to, tokenId);
    }
}
