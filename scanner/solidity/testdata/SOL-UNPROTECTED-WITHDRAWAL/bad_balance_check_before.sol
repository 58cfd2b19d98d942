pragma solidity ^0.8.0;

interface I1 {
    function balanceOf(address a) external view returns (uint256);
    function transfer(address to, uint256 v) external returns (bool);
}

// Balance checks that do not bring the payment back: one made before the
// payment only, and one comparing two readings taken before it. Names are
// opaque.
contract C61 {
    I1 public q1;

    function f1(uint256 v, address to) external {
        uint256 b0 = q1.balanceOf(address(this));
        require(b0 >= v);
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        require(q1.transfer(to, v));
    }

    function f2(uint256 v) external {
        uint256 b0 = address(this).balance;
        uint256 b1 = address(this).balance;
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        (bool ok, ) = msg.sender.call{value: v}("");
        require(ok && b1 >= b0);
    }
}
