pragma solidity ^0.8.0;

interface I12 {
    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4);
}

// The bundle holds the base, so its body decides: _safeMint here calls
// no receiver, and h2 asks the receiver only after the count is checked
// again on every turn.
contract B12 {
    mapping(address => uint256) q8;

    function g1(address a) public view returns (uint256) {
        return q8[a];
    }

    function _safeMint(address to, uint256) internal {
        q8[to] += 1;
    }

    function h2(address to, uint256 id) internal {
        q8[to] += 1;
        require(I12(to).onERC721Received(msg.sender, address(0), id, "") == I12.onERC721Received.selector);
    }
}

contract C76 is B12 {
    uint256 q1 = 5;

    function f1(uint256 a) external {
        require(g1(msg.sender) + a <= q1);
        for (uint256 i = 0; i < a; i++) {
            // ok: SOL-REENTRANCY
            _safeMint(msg.sender, i);
        }
    }

    function f2(uint256 a) external {
        for (uint256 i = 0; i < a; i++) {
            require(g1(msg.sender) < q1);
            // ok: SOL-REENTRANCY
            h2(msg.sender, i);
        }
    }
}
