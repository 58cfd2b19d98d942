pragma solidity ^0.8.20;

// Imported libraries (L1, L2, outside the scanned files) join the
// digest and recover the signer. The nonces are a field of ERC-7201
// namespaced storage in a base, used (read and incremented) by its helper
// inside the signed digest: each signature works once.
abstract contract B93 {
    struct S1 {
        mapping(address => uint256) q1;
    }

    bytes32 private constant K1 = 0x5ab42ced628888259c08ac98db1eb0cf702fc1501344311d8b100cd1bfe4bb00;

    function h1() private pure returns (S1 storage $) {
        assembly {
            $.slot := K1
        }
    }

    function h3(address o) internal virtual returns (uint256) {
        S1 storage $ = h1();
        unchecked {
            return $.q1[o]++;
        }
    }
}

contract C93 is B93 {
    struct S2 {
        mapping(address => mapping(address => uint256)) q2;
    }

    bytes32 private constant K2 = 0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00;

    function h2() private pure returns (S2 storage $) {
        assembly {
            $.slot := K2
        }
    }

    function h4() internal view returns (bytes32) {
        return keccak256(abi.encode(block.chainid, address(this)));
    }

    function f1(address o, address p, uint256 a, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 e = keccak256(abi.encode(o, p, a, h3(o)));
        bytes32 d = L2.g1(h4(), e);
        // ok: SOL-SIGNATURE-REPLAY
        address w = L1.recover(d, v, r, s);
        require(w == o);
        S2 storage $ = h2();
        $.q2[o][p] = a;
    }
}
