pragma solidity ^0.8.0;

interface I142 {
    function transferFrom(address, address, uint256) external returns (bool);
}

// Credits paid for, pulled, moved from another balance, or proved.
contract C142 {
    mapping(address => uint256) q1;
    I142 q2;
    address q3;
    bytes32 q4;

    function g1(bytes32[] calldata p, bytes32 leaf) internal view returns (bool) {
        bytes32 h = leaf;
        for (uint256 i = 0; i < p.length; i++) {
            h = keccak256(abi.encodePacked(h, p[i]));
        }
        return h == q4;
    }

    function f1(uint256 x) external payable {
        require(msg.value == x * 1e15, "price");
        // ok: SOL-UNPROTECTED-CREDIT
        q1[msg.sender] += x;
    }

    function f2(uint256 x) external {
        require(q2.transferFrom(msg.sender, address(this), x), "pull");
        // ok: SOL-UNPROTECTED-CREDIT
        q1[msg.sender] += x;
    }

    function f3(address t, uint256 x) external {
        q1[msg.sender] -= x;
        // ok: SOL-UNPROTECTED-CREDIT
        q1[t] += x;
    }

    function f4(uint256 x, bytes32[] calldata p) external {
        require(g1(p, keccak256(abi.encode(msg.sender, x))), "proof");
        // ok: SOL-UNPROTECTED-CREDIT
        q1[msg.sender] += x;
    }
}
