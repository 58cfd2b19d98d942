pragma solidity ^0.8.0;

// Nothing follows the loop, or the loop runs over the contract's own
// list rather than the caller's array.
contract C83 {
    mapping(address => bool) q1;
    bytes[] q2;
    uint256 q3;
    event V1(uint256 n);

    function f1(bytes32 h, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s) external {
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < v.length; i++) {
            require(q1[ecrecover(h, v[i], r[i], s[i])]);
        }
        emit V1(v.length);
    }

    function f2(bytes32 h, uint256 x) external {
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < q2.length; i++) {
            require(q1[L9.g1(h, q2[i])] == true);
        }
        q3 = x;
    }
}

// A do-while checks the first element before the length: an empty array
// indexes out of bounds and reverts.
contract C84 {
    struct S1 {
        bytes32 a;
        uint8 b;
        bytes32 c;
        bytes32 d;
    }

    mapping(address => bool) q1;
    mapping(address => uint256) q2;

    function f3(S1[] calldata zs, address t) public {
        uint256 i = 0;
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        do {
            require(q1[ecrecover(zs[i].a, zs[i].b, zs[i].c, zs[i].d)]);
            i += 1;
        } while (i < zs.length);
        q2[t] = 0;
    }
}
