pragma solidity ^0.8.20;

// ERC-7201 namespaced storage: the credit lives in a struct at a fixed
// slot, reached through a getter that sets the pointer in assembly. It is
// state like any other: paid before it is cleared.
contract C91 {
    struct S1 {
        mapping(address => uint256) q1;
        uint256 q2;
    }

    bytes32 private constant K1 = 0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00;

    function h1() private pure returns (S1 storage $) {
        assembly {
            $.slot := K1
        }
    }

    function f1() external payable {
        S1 storage $ = h1();
        $.q1[msg.sender] += msg.value;
        $.q2 += msg.value;
    }

    function f2() external {
        S1 storage $ = h1();
        uint256 a = $.q1[msg.sender];
        require(a > 0);
        // ruleid: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: a}("");
        require(ok);
        $.q1[msg.sender] = 0;
        $.q2 -= a;
    }
}
