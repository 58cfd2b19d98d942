pragma solidity ^0.8.18;

import "./dep/Token.sol";

// Overrides of the standard transferFrom that authorise the caller: an
// inherited check given the caller, a hand-over to the base's own
// transferFrom, a comparison with the caller in a helper of the contract.
// Other names are opaque.
contract C92 is T721 {
    function transferFrom(address a, address b, uint256 i) public override {
        require(_isApprovedOrOwner(msg.sender, i));
        // ok: SOL-UNAUTHORIZED-DEBIT
        _transfer(a, b, i);
    }
}

contract C93 is T721 {
    uint256 q1;

    function transferFrom(address a, address b, uint256 i) public override {
        q1 += 1;
        // ok: SOL-UNAUTHORIZED-DEBIT
        super.transferFrom(a, b, i);
    }
}

contract C94 is T20 {
    mapping(address => mapping(address => bool)) q1;

    function h1(address a) internal view {
        require(a == msg.sender || q1[a][msg.sender]);
    }

    function transferFrom(address a, address b, uint256 v) public override returns (bool) {
        h1(a);
        // ok: SOL-UNAUTHORIZED-DEBIT
        _move(a, b, v);
        return true;
    }

    function f1(address a, address b, uint256 v) external {
        // ok: SOL-UNAUTHORIZED-DEBIT
        emit Moved(a, b, v);
    }

    event Moved(address a, address b, uint256 v);
}
