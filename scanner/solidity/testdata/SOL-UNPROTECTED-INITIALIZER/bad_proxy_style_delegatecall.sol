pragma solidity ^0.8.0;

// An upgradeable implementation whose initialiser admits a call in a
// constructor too, left uninitialised, with an owner-only upgrade that
// delegatecalls the new code: whoever initialises the implementation
// itself owns it and can run any code in its context (selfdestruct it,
// breaking every proxy pointing there).
contract C99 {
    uint8 private q1;
    address q3;
    address q5;

    function h1() private view returns (bool) {
        return address(this).code.length == 0;
    }

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function f1() external {
        require(q1 == 0 || h1() && q1 == 1, "done");
        q1 = 1;
        q3 = msg.sender;
    }

    function f2(address n, bytes calldata d) external {
        require(msg.sender == q3);
        q5 = n;
        (bool ok, ) = n.delegatecall(d);
        require(ok);
    }
}
