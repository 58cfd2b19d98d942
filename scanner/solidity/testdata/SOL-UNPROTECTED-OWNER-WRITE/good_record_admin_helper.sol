pragma solidity ^0.8.19;

// Per-record admins: the check compares the caller with a field of a
// record copied from storage, inside a helper taking the record; with a
// result of a view returning the record's owner; with a set of
// registrars held in state; and a new record keyed by a fresh id.
library L7 {
    struct S7 {
        mapping(address => bool) has;
        address[] list;
    }

    function has7(S7 storage s, address a) internal view returns (bool) {
        return s.has[a];
    }
}

contract C207 {
    using L7 for L7.S7;

    struct R7 {
        address a7;
        uint96 b7;
        bool c7;
    }

    struct P7 {
        address o7;
        address n7;
    }

    mapping(uint256 => R7) internal r7;
    mapping(uint256 => address) internal q7;
    mapping(uint256 => P7) internal p7;
    L7.S7 internal s7;
    address internal z7;
    uint64 internal k7;

    constructor() {
        z7 = msg.sender;
    }

    function h7(R7 memory r) internal view {
        if (msg.sender != r.a7) revert();
        if (r.c7) revert();
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(uint256 i, address n) external {
        R7 memory r = r7[i];
        h7(r);
        q7[i] = n;
    }

    function f2(uint256 i) external {
        if (q7[i] != msg.sender) revert();
        r7[i].a7 = msg.sender;
        q7[i] = address(0);
    }

    function f3(uint256 i) external {
        if (p7[i].n7 != msg.sender) revert();
        p7[i].o7 = msg.sender;
    }

    function g7(uint256 i) public view returns (uint96, address) {
        return (r7[i].b7, p7[i].o7);
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f4(uint256 i, address n) external {
        (, address o) = g7(i);
        if (o != msg.sender) revert();
        delete p7[i];
        p7[i].n7 = n;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f5(uint256 i, address a) external {
        if (msg.sender != z7 && !s7.has7(msg.sender)) revert();
        p7[i].n7 = a;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f6() external returns (uint256 i) {
        uint64 n = k7;
        i = uint256(keccak256(abi.encode(msg.sender, address(this), n)));
        k7 = n + 1;
        p7[i] = P7({o7: msg.sender, n7: address(0)});
    }
}
