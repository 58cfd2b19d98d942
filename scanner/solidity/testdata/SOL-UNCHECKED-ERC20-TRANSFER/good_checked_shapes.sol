pragma solidity ^0.8.0;

interface I5 {
    function transfer(address to, uint256 v) external returns (bool);
}

contract C11 {
    I5 q1;

    function f1(address to, uint256 v) external {
        // ok: SOL-UNCHECKED-ERC20-TRANSFER
        bool ok = q1.transfer(to, v);
        require(ok);
    }

    function f2(address to, uint256 v) external {
        // ok: SOL-UNCHECKED-ERC20-TRANSFER
        if (!q1.transfer(to, v)) {
            revert();
        }
    }
}
