pragma solidity ^0.8.0;

interface I1 {
    function balanceOf(address a) external view returns (uint256);
    function transfer(address to, uint256 v) external returns (bool);
}

interface I2 {
    function h1(uint256 v, bytes calldata d) external;
}

// Flash loans: the tokens or ether leave and must be back, measured by
// the contract's own balance before and after, before the function ends.
// Names are opaque.
contract C60 {
    I1 public q1;

    function f1(uint256 v, address to, bytes calldata d) external {
        uint256 b0 = q1.balanceOf(address(this));
        require(b0 >= v);
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        require(q1.transfer(to, v));
        I2(to).h1(v, d);
        require(q1.balanceOf(address(this)) >= b0, "x");
    }

    function f2(uint256 v, bytes calldata d) external {
        uint256 b0 = address(this).balance;
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        (bool ok, ) = msg.sender.call{value: v}(d);
        require(ok);
        uint256 b1 = address(this).balance;
        require(b0 <= b1);
    }
}
