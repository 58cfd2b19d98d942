pragma solidity ^0.8.0;

// B9 is an imported token implementation the bundle does not hold: its
// safe mint and safe transfers call the receiver's hook
// (onERC721Received, onERC1155Received) after recording the token.
contract C71 is B9 {
    uint256 q1 = 5;
    mapping(address => bool) q2;

    // The cap is checked once, through an inherited getter, before the
    // loop: the receiver re-enters from the first mint's hook, passes the
    // check with one token counted, and the outer loop mints on.
    function f1(uint256 a) external {
        require(g1(msg.sender) + a <= q1);
        for (uint256 i = 0; i < a; i++) {
            uint256 x = g2();
            // ruleid: SOL-REENTRANCY
            _safeMint(msg.sender, x);
        }
    }

    function f2(uint256 id) external {
        require(!q2[msg.sender]);
        // ruleid: SOL-REENTRANCY
        _safeMint(msg.sender, id);
        q2[msg.sender] = true;
    }

    function f3(address to, uint256 id) external {
        require(!q2[to]);
        // ruleid: SOL-REENTRANCY
        _safeTransfer(address(this), to, id, "");
        q2[to] = true;
    }

    function f4(address to, uint256 id, uint256 v) external {
        require(!q2[to]);
        // ruleid: SOL-REENTRANCY
        _safeTransferFrom(address(this), to, id, v, "");
        q2[to] = true;
    }
}
