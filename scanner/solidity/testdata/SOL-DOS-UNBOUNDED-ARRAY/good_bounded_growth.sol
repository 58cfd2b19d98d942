pragma solidity ^0.8.0;

// Loops over arrays that only an owner grows, that are capped where they
// grow, or that only read.
contract C61 {
    address[] q1;
    address[] q2;
    address[] q3;
    address q4;
    mapping(address => uint256) q5;

    constructor() {
        q4 = msg.sender;
    }

    function g1(address a) external {
        require(msg.sender == q4);
        q1.push(a);
    }

    function g2() external {
        require(q2.length < 50);
        q2.push(msg.sender);
    }

    function g3() external {
        uint256 n = q3.length;
        if (n >= 20) {
            revert();
        }
        q3.push(msg.sender);
    }

    function g4() external {
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        for (uint256 i = 0; i < q1.length; i++) {
            q5[q1[i]] += 1;
        }
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        for (uint256 i = 0; i < q2.length; i++) {
            q5[q2[i]] += 1;
        }
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        for (uint256 i = 0; i < q3.length; i++) {
            q5[q3[i]] += 1;
        }
    }

    function g5() external view returns (uint256 t) {
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        for (uint256 i = 0; i < q2.length; i++) {
            t += q5[q2[i]];
        }
    }
}
