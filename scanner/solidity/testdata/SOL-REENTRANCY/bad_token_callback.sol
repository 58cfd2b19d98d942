pragma solidity ^0.8.0;

interface I6 {
    function safeTransferFrom(address from, address to, uint256 id) external;
}

// The receiver's onERC721Received runs inside safeTransferFrom, and
// through the internal mint helper, before the claim is recorded.
contract C25 {
    I6 q1;
    mapping(address => bool) q2;
    uint256 q3;

    function f0(address to) internal {
        q3++;
        I6(address(this)).safeTransferFrom(address(0), to, q3);
    }

    function f1(uint256 id) external {
        require(!q2[msg.sender]);
        // ruleid: SOL-REENTRANCY
        q1.safeTransferFrom(address(this), msg.sender, id);
        q2[msg.sender] = true;
    }

    function f2() external {
        require(!q2[msg.sender]);
        // ruleid: SOL-REENTRANCY
        f0(msg.sender);
        q2[msg.sender] = true;
    }
}
