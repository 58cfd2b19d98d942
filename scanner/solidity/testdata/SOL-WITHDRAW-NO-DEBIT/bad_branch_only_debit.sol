pragma solidity ^0.8.0;

interface T61 {
    function transfer(address to, uint256 v) external returns (bool);
    function transferFrom(address a, address b, uint256 v) external returns (bool);
}

// The caller's locked entry is cleared only once its time has come, but
// the tokens are paid on every call; and a bounded amount leaves with no
// debit at all. Names are opaque.
contract C61 {
    struct S61 {
        uint256 v;
        uint256 t;
        address k;
    }

    mapping(address => mapping(uint256 => S61)) q1;
    mapping(address => uint256) q2;

    function f0(address k, uint256 v, uint256 t, uint256 id) external {
        require(T61(k).transferFrom(msg.sender, address(this), v));
        q1[msg.sender][id] = S61(v, t, k);
    }

    function f1(uint256 id) external {
        S61 storage e = q1[msg.sender][id];
        uint256 v = e.v;
        if (block.timestamp > e.t) {
            e.v = 0;
        }
        // ruleid: SOL-WITHDRAW-NO-DEBIT
        require(T61(e.k).transfer(msg.sender, v));
    }

    function f2() external payable {
        q2[msg.sender] += msg.value;
    }

    function f3(uint256 v) external {
        require(q2[msg.sender] >= v, "too much");
        // ruleid: SOL-WITHDRAW-NO-DEBIT
        payable(msg.sender).transfer(v);
    }
}
