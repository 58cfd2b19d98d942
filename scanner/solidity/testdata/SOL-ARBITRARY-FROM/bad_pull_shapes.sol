pragma solidity ^0.8.19;

// The account chosen through a struct the caller passes and a local
// copied from it, and a pull inside a loop over the caller's list.
interface I24 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
}

contract C224 {
    struct R24 {
        address a;
        uint256 v;
    }

    I24 internal t24;
    mapping(address => uint256) public d24;

    function f1(R24 calldata r) external {
        address src = r.a;
        // ruleid: SOL-ARBITRARY-FROM
        t24.transferFrom(src, address(this), r.v);
        d24[msg.sender] += r.v;
    }

    function f2(address[] calldata as_, uint256 v) external {
        for (uint256 i = 0; i < as_.length; i++) {
            // ruleid: SOL-ARBITRARY-FROM
            t24.transferFrom(as_[i], msg.sender, v);
        }
    }
}
