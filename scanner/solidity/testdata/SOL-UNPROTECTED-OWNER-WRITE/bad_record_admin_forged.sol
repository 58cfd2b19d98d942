pragma solidity ^0.8.19;

// The same helpers fed what the caller chooses: a record built from the
// call's arguments, a registry the caller names, and a record keyed by an
// id the caller picks.
interface I8 {
    function has8(address a) external view returns (bool);
}

contract C208 {
    struct R8 {
        address a8;
        bool c8;
    }

    struct P8 {
        address o8;
        address n8;
    }

    mapping(uint256 => R8) internal r8;
    mapping(uint256 => address) internal q8;
    mapping(uint256 => P8) internal p8;

    function h8(R8 memory r) internal view {
        if (msg.sender != r.a8) revert();
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(uint256 i, address n, R8 memory r) external {
        h8(r);
        q8[i] = n;
    }

    function f2(uint256 i) external {
        if (q8[i] != msg.sender) revert();
        r8[i].a8 = msg.sender;
        q8[i] = address(0);
    }

    function f3(uint256 i) external {
        if (p8[i].n8 != msg.sender) revert();
        p8[i].o8 = msg.sender;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f4(uint256 i, address a, I8 reg) external {
        if (!reg.has8(msg.sender)) revert();
        p8[i].n8 = a;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f5(uint256 i) external {
        p8[i] = P8({o8: msg.sender, n8: address(0)});
    }
}
