pragma solidity ^0.8.0;

interface I11 {
    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4);
}

// The token base is in the bundle: its mint records the token, then
// asks the receiver (onERC721Received), which can re-enter.
contract B11 {
    mapping(address => uint256) q8;
    mapping(uint256 => address) q9;

    function g1(address a) public view returns (uint256) {
        return q8[a];
    }

    function h1(address to, uint256 id) internal {
        q8[to] += 1;
        q9[id] = to;
        require(I11(to).onERC721Received(msg.sender, address(0), id, "") == I11.onERC721Received.selector);
    }
}

contract C73 is B11 {
    uint256 q1 = 5;

    // Checked once against the count the mint's hook leaves stale.
    function f1(uint256 a) external {
        require(g1(msg.sender) + a <= q1);
        for (uint256 i = 0; i < a; i++) {
            // ruleid: SOL-REENTRANCY
            h1(msg.sender, uint256(keccak256(abi.encode(msg.sender, i))));
        }
    }
}
