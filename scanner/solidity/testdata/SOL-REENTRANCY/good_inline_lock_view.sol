pragma solidity ^0.8.0;

interface I112 {
    function v() external view returns (uint256);
    function cb(uint256) external;
}

library L112 {
    function h(uint256[] memory a, uint256 i) internal pure returns (uint256) {
        return a[i];
    }
}

// A lock written in the function body, a view call (STATICCALL cannot
// change state), a library call on a parameter.
contract C112 {
    using L112 for uint256[];
    mapping(address => uint256) q1;
    bool q2;

    function f1(uint256 x) external {
        require(!q2, "busy");
        q2 = true;
        // ok: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: x}("");
        require(ok, "pay");
        q1[msg.sender] -= x;
        q2 = false;
    }

    function f2(I112 t) external {
        // ok: SOL-REENTRANCY
        uint256 a = t.v();
        q1[msg.sender] = a;
    }

    // A callback by design: the bookkeeping after it reads nothing the
    // function read before the call.
    function f4(I112 t, uint256 x) external {
        // ok: SOL-REENTRANCY
        t.cb(x);
        q1[address(t)] += x;
    }

    function f3(uint256[] memory a) external {
        // ok: SOL-REENTRANCY
        uint256 b = a.h(0);
        q1[msg.sender] = b;
    }
}
