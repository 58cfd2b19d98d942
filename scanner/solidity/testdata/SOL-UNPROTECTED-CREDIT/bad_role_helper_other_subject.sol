pragma solidity ^0.8.0;

// The helper checks the account it is given against the role table, but
// the function hands it an address of the caller's choosing, not the
// caller: anyone names a member and mints.
contract C96 {
    mapping(bytes32 => mapping(address => bool)) private q3;
    mapping(address => uint256) q4;
    bytes32 public constant K1 = keccak256("K1");

    constructor() {
        q3[K1][msg.sender] = true;
    }

    function h2(bytes32 r, address a) internal view {
        if (!q3[r][a]) {
            revert("role");
        }
    }

    function f2(address by, address to, uint256 v) external {
        h2(K1, by);
        // ruleid: SOL-UNPROTECTED-CREDIT
        q4[to] += v;
    }
}
