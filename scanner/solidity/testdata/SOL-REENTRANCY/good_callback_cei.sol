pragma solidity ^0.8.0;

interface I7 {
    function safeTransferFrom(address from, address to, uint256 id) external;
    function transferFrom(address from, address to, uint256 id) external;
}

// State is recorded before the callback; transferFrom makes no callback.
contract C27 {
    I7 q1;
    mapping(address => bool) q2;

    function f1(uint256 id) external {
        require(!q2[msg.sender]);
        q2[msg.sender] = true;
        // ok: SOL-REENTRANCY
        q1.safeTransferFrom(address(this), msg.sender, id);
    }

    function f2(uint256 id) external {
        require(!q2[msg.sender]);
        // ok: SOL-REENTRANCY
        q1.transferFrom(address(this), msg.sender, id);
        q2[msg.sender] = true;
    }
}
