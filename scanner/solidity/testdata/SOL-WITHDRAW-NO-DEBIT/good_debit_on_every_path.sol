pragma solidity ^0.8.0;

interface T62 {
    function transfer(address to, uint256 v) external returns (bool);
}

// Every way through each payment records it against the caller: through
// a storage pointer, in a helper handed the caller, only when the payment
// succeeded (a failed send paid nothing), or in a function only the
// deployer reaches. Names are opaque.
contract C62 {
    struct S62 {
        uint256 v;
        uint256 t;
    }

    address q0;
    T62 q9;
    mapping(address => S62) q1;
    mapping(address => uint256) q2;

    constructor(T62 k) {
        q0 = msg.sender;
        q9 = k;
    }

    function f1() external {
        S62 storage e = q1[msg.sender];
        require(block.timestamp > e.t, "locked");
        uint256 v = e.v;
        e.v = 0;
        // ok: SOL-WITHDRAW-NO-DEBIT
        require(q9.transfer(msg.sender, v));
    }

    function h2(address a, uint256 v) internal {
        q2[a] -= v;
    }

    function f2(uint256 v) external {
        require(q2[msg.sender] >= v);
        h2(msg.sender, v);
        // ok: SOL-WITHDRAW-NO-DEBIT
        payable(msg.sender).transfer(v);
    }

    function f3(uint256 v) external {
        require(q2[msg.sender] >= v);
        // ok: SOL-WITHDRAW-NO-DEBIT
        if (payable(msg.sender).send(v)) {
            q2[msg.sender] -= v;
        }
    }

    function f4(uint256 v) external {
        require(msg.sender == q0);
        require(q2[msg.sender] >= v);
        // ok: SOL-WITHDRAW-NO-DEBIT
        payable(msg.sender).transfer(v);
    }

    function f5() external payable {
        q2[msg.sender] += msg.value;
    }
}
