pragma solidity ^0.8.0;

interface I155 {
    function transfer(address, uint256) external returns (bool);
}

// Debits whose value goes back to the same account, an entry keyed by
// the holder a token's record names, and a token's fees swept to a fixed
// address.
contract C155 {
    mapping(address => uint256) q1;
    mapping(address => uint256) q2;
    mapping(uint256 => address) q3;
    mapping(address => uint256) q4;
    mapping(address => uint256) q5;
    address q6;

    function f1() external payable {
        q1[msg.sender] += msg.value;
    }

    function f2(address payable k) external {
        uint256 v = q1[k];
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[k] -= v;
        k.transfer(v);
    }

    function f3(address k, uint256 v) external {
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[k] -= v;
        q2[k] += v;
    }

    function f4(uint256 i) external {
        address o = q3[i];
        require(o == msg.sender, "holder");
        delete q3[i];
        unchecked {
            // ok: SOL-UNAUTHORIZED-DEBIT
            q2[o] -= 1;
        }
    }

    function f5() external {
        q4[msg.sender] = block.timestamp;
    }

    function f6(address k) external {
        require(q4[k] + 1 days < block.timestamp, "fresh");
        // ok: SOL-UNAUTHORIZED-DEBIT
        delete q4[k];
    }

    function f7(address payable k) external {
        uint256 v = q1[k];
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[k] = 0;
        (bool ok, ) = k.call{value: v}("");
        require(ok, "call");
    }

    function f8(address t) external payable {
        q5[t] += msg.value;
    }

    function f9(address t) external {
        uint256 v = q5[t];
        // ok: SOL-UNAUTHORIZED-DEBIT
        q5[t] = 0;
        require(I155(t).transfer(q6, v), "out");
    }
}
