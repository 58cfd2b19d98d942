pragma solidity ^0.8.19;

// Tokens pulled from an account the caller names: directly, through an
// internal helper, through SafeERC20 called by name or attached by
// using-for, and an NFT moved the same way.
interface I22 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
}

interface N22 {
    function safeTransferFrom(address a, address b, uint256 id) external;
}

library L22 {
    function safeTransferFrom(I22 t, address a, address b, uint256 v) internal {
        require(t.transferFrom(a, b, v));
    }
}

contract C222 {
    using L22 for I22;

    I22 internal t22;
    N22 internal n22;
    mapping(address => uint256) public d22;

    function f1(address a, address b, uint256 v) external {
        // ruleid: SOL-ARBITRARY-FROM
        t22.transferFrom(a, b, v);
    }

    function f2(address a, uint256 v) external {
        h22(a, v);
        d22[msg.sender] += v;
    }

    function h22(address a, uint256 v) internal {
        // ruleid: SOL-ARBITRARY-FROM
        require(t22.transferFrom(a, address(this), v));
    }

    function f3(address a, uint256 v) external {
        // ruleid: SOL-ARBITRARY-FROM
        L22.safeTransferFrom(t22, a, msg.sender, v);
    }

    function f4(address a, uint256 v) external {
        // ruleid: SOL-ARBITRARY-FROM
        t22.safeTransferFrom(a, msg.sender, v);
    }

    function f5(address a, uint256 id) external {
        // ruleid: SOL-ARBITRARY-FROM
        n22.safeTransferFrom(a, msg.sender, id);
    }
}
