pragma solidity ^0.8.0;

library L5 {
    struct A1 {
        address value;
    }

    function at(bytes32 s) internal pure returns (A1 storage r) {
        assembly {
            r.slot := s
        }
    }
}

// An EIP-1967 proxy: the fallback delegates to the implementation slot,
// which only the guarded upgrade writes. That is the design.
contract C31 {
    bytes32 internal constant Q = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    address q1 = msg.sender;

    function f1(address n) external {
        require(msg.sender == q1);
        L5.at(Q).value = n;
    }

    fallback() external payable {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = L5.at(Q).value.delegatecall(msg.data);
        require(ok);
    }
}
