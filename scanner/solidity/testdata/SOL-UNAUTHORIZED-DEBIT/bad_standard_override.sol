pragma solidity ^0.8.18;

import "./dep/Token.sol";

// Overrides of the standard transferFrom whose balances live in a base
// contract outside the scanned code: they move from's asset and never
// look at who calls. Other names are opaque.
contract C90 is T721 {
    function transferFrom(address a, address b, uint256 i) public override {
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        _transfer(a, b, i);
    }
}

contract C91 is T20 {
    event E1(address a, uint256 v);

    function transferFrom(address a, address b, uint256 v) public override returns (bool) {
        require(b != address(0));
        emit E1(a, v);
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        _move(payable(a), b, v);
        return true;
    }
}
