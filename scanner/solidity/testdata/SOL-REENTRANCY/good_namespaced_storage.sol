pragma solidity ^0.8.20;

interface I41 {
    function transferFrom(address, address, uint256) external returns (bool);
}

// ERC-7201 namespaced storage. The token is a field of the namespace set
// once by the initialiser, not a contract the caller chooses; the share
// records are another field, written by the transfers of anyone. Calling
// the token before minting is the design (ERC-4626 deposits do so).
contract C92 {
    struct S1 {
        I41 q1;
        mapping(address => uint256) q2;
        uint256 q3;
        bool q4;
    }

    bytes32 private constant K1 = 0x0773e532dfede91f04b12a73d3d2acd361424f41f76b4fb79f090161e36b4e00;

    function h1() private pure returns (S1 storage $) {
        assembly {
            $.slot := K1
        }
    }

    function f0(I41 t) external {
        S1 storage $ = h1();
        require(!$.q4);
        $.q4 = true;
        $.q1 = t;
    }

    function f1(uint256 a) external {
        S1 storage $ = h1();
        require($.q1.transferFrom(msg.sender, address(this), a));
        $.q2[msg.sender] += a;
        $.q3 += a;
    }

    function f2(address to, uint256 a) external {
        S1 storage $ = h1();
        $.q2[msg.sender] -= a;
        $.q2[to] += a;
    }
}
