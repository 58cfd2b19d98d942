pragma solidity ^0.8.0;

// Ether leaves through a library with opaque names whose helper calls in
// assembly, as OpenZeppelin's LowLevelCall does.
library L4 {
    function g1(address to, uint256 v) internal returns (bool ok) {
        assembly {
            ok := call(gas(), to, v, 0, 0, 0, 0)
        }
    }

    function g2(address payable to, uint256 v) internal {
        require(g1(to, v));
    }
}

// ok: SOL-LOCKED-ETHER
contract C17 {
    address payable q1 = payable(msg.sender);

    receive() external payable {}

    function f1() external {
        L4.g2(q1, address(this).balance);
    }
}
