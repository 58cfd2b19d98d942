pragma solidity ^0.8.0;

// B9 is an imported token implementation the bundle does not hold.
contract C72 is B9 {
    uint256 q1 = 5;
    mapping(address => bool) q2;

    // Recorded before the mint calls the receiver.
    function f1(uint256 id) external {
        require(!q2[msg.sender]);
        q2[msg.sender] = true;
        // ok: SOL-REENTRANCY
        _safeMint(msg.sender, id);
    }

    // The cap is asked again before every mint, after the previous hook.
    function f2(uint256 a) external {
        for (uint256 i = 0; i < a; i++) {
            require(g1(msg.sender) < q1);
            // ok: SOL-REENTRANCY
            _safeMint(msg.sender, g2());
        }
    }

    // Nothing recorded to bypass: the bound is the caller's argument.
    function f3(uint256 a) external {
        require(a <= 3);
        for (uint256 i = 0; i < a; i++) {
            // ok: SOL-REENTRANCY
            _safeMint(msg.sender, g2());
        }
    }

    // A mint that calls no hook.
    function f4(uint256 a) external {
        require(g1(msg.sender) + a <= q1);
        for (uint256 i = 0; i < a; i++) {
            // ok: SOL-REENTRANCY
            _mint(msg.sender, g2());
        }
    }
}
