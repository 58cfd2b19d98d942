pragma solidity ^0.8.0;

// Every signature in the array is checked, but nothing requires the array
// to hold one: an empty array skips the loop and the payout runs.
contract C80 {
    struct S1 {
        bytes32 a;
        uint8 b;
        bytes32 c;
        bytes32 d;
    }

    mapping(address => bool) q1;
    mapping(address => uint256) q2;

    function g1(S1 calldata z) internal view {
        require(q1[ecrecover(z.a, z.b, z.c, z.d)], "sig");
    }

    function f1(S1[] calldata zs, uint256 x) external {
        // ruleid: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < zs.length; i++) {
            g1(zs[i]);
        }
        payable(msg.sender).transfer(x);
    }

    function f2(S1[] calldata zs, address t, uint256 x) public {
        uint256 i;
        // ruleid: SOL-EMPTY-SIGNATURE-LOOP
        while (i < zs.length) {
            address w = ecrecover(zs[i].a, zs[i].b, zs[i].c, zs[i].d);
            require(q1[w]);
            i++;
        }
        q2[t] += x;
    }

    function f4(S1[] calldata zs, address t) public {
        uint256 i;
        // ruleid: SOL-EMPTY-SIGNATURE-LOOP
        while (i < zs.length) {
            require(q1[ecrecover(zs[i].a, zs[i].b, zs[i].c, zs[i].d)]);
            i++;
        }
        q2[t] = 1;
    }
}
