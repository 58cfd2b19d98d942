pragma solidity ^0.8.0;

// Told apart by the declaration, not the names: I3 has ERC-721's ownerOf,
// and I4's transferFrom returns nothing (it reverts on failure).
interface I3 {
    function ownerOf(uint256 id) external view returns (address);
    function transferFrom(address a, address b, uint256 v) external;
}

interface I4 {
    function transferFrom(address a, address b, uint256 v) external;
}

contract C10 {
    I3 q1;

    function f1(address to, uint256 amount) external {
        // ok: SOL-UNCHECKED-ERC20-TRANSFER
        q1.transferFrom(address(this), to, amount);
    }

    function f2(address t, address to, uint256 amount) external {
        // ok: SOL-UNCHECKED-ERC20-TRANSFER
        I4(t).transferFrom(address(this), to, amount);
    }
}
