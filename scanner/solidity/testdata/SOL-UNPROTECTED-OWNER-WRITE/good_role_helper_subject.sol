pragma solidity ^0.8.0;

// The admin seat is set behind a role check made by a helper on its
// account parameter, handed the caller (AccessControl's onlyRole).
contract C97 {
    mapping(bytes32 => mapping(address => bool)) private q3;
    address q1;

    constructor() {
        q3[0x00][msg.sender] = true;
    }

    modifier m1(bytes32 r) {
        h2(r, msg.sender);
        _;
    }

    function h2(bytes32 r, address a) internal view {
        if (!q3[r][a]) {
            revert("role");
        }
    }

    function f1(address a) external {
        require(msg.sender == q1);
        q3[0x00][a] = true;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address a) external m1(0x00) {
        q1 = a;
    }
}
