pragma solidity ^0.8.0;

interface I150 {
    function transfer(address, uint256) external returns (bool);
    function balanceOf(address) external view returns (uint256);
}

library L150 {
    function safeTransfer(I150 t, address to, uint256 v) internal {
        require(t.transfer(to, v), "transfer");
    }
}

// The contract's tokens go to whoever asks, in the amount asked, or all
// of them to an address the caller picks.
contract C150 {
    using L150 for I150;
    I150 q1;
    uint256 q2 = 1000;

    function f1(uint256 x) external {
        require(x <= q2, "cap");
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        q1.transfer(msg.sender, x);
    }

    function f2(address t) external {
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        q1.safeTransfer(t, q1.balanceOf(address(this)));
    }
}
