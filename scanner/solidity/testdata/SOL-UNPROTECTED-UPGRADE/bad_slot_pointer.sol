pragma solidity ^0.8.0;

library L1 {
    struct S1 {
        address value;
    }

    function at(bytes32 s) internal pure returns (S1 storage r) {
        assembly {
            r.slot := s
        }
    }
}

// The EIP-1967 slot written through a storage pointer, by anyone.
contract C13 {
    bytes32 internal constant Q = bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1);

    // ruleid: SOL-UNPROTECTED-UPGRADE
    function f1(address n) external {
        L1.at(Q).value = n;
    }
}
