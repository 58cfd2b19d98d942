pragma solidity ^0.8.0;

library L1 {
    function g1(address a) internal view returns (bool) {
        return a.code.length > 0;
    }
}

// The code size of a receiver or a token, asked to choose how to pay or
// to reject an address that cannot be one: not a check on the caller.
// Names are opaque.
contract C42 {
    using L1 for address;
    mapping(address => uint256) q1;

    function h1(address a) internal view returns (bool) {
        uint256 n;
        assembly {
            n := extcodesize(a)
        }
        return n > 0;
    }

    function f1(address t, uint256 v) external {
        // ok: SOL-EOA-CHECK
        require(t.g1(), "x");
        q1[t] += v;
    }

    function f2(address payable to) external {
        // ok: SOL-EOA-CHECK
        if (h1(to)) {
            q1[to] += 1;
        } else {
            to.transfer(1);
        }
    }

    function f3() external view returns (bool) {
        // ok: SOL-EOA-CHECK
        return h1(msg.sender);
    }
}
