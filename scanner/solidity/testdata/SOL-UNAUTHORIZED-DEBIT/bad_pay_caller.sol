pragma solidity ^0.8.0;

interface I152 {
    function transfer(address, uint256) external returns (bool);
}

// The caller names whose deposit is withdrawn and takes the ether or the
// tokens.
contract C152 {
    mapping(address => uint256) q1;
    mapping(uint256 => mapping(address => uint256)) q2;
    mapping(address => mapping(address => uint256)) q3;

    function f1() external payable {
        q1[msg.sender] += msg.value;
    }

    function f2(address k, uint256 v) external {
        uint256 b = q1[k];
        require(b >= v, "low");
        unchecked {
            // ruleid: SOL-UNAUTHORIZED-DEBIT
            q1[k] = b - v;
        }
        payable(msg.sender).transfer(v);
    }

    function f3(uint256 i, address k, uint256 v) external {
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        q2[i][k] -= v;
        (bool ok, ) = msg.sender.call{value: v}("");
        require(ok, "call");
    }

    function f4(uint256 v) external {
        uint256 b = q1[msg.sender];
        require(b >= v, "low");
        unchecked {
            // ok: SOL-UNAUTHORIZED-DEBIT
            q1[msg.sender] = b - v;
        }
        payable(msg.sender).transfer(v);
    }

    function f5(address k) external {
        uint256 b = q1[k];
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        delete q1[k];
        payable(msg.sender).transfer(b);
    }

    function f6(address k) external {
        uint256 b = q1[k];
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        q1[k] = 0;
        (bool ok, ) = payable(msg.sender).call{value: b}("");
        require(ok, "call");
    }

    function f7(address k, uint256 v) external {
        require(k != msg.sender, "self");
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        q1[k] -= v;
        payable(msg.sender).transfer(v);
    }

    function f8(address t, address k, uint256 v) external {
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        q3[t][k] -= v;
        require(I152(t).transfer(msg.sender, v), "out");
    }
}
