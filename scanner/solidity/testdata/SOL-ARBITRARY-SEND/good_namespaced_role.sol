pragma solidity ^0.8.20;

// The executors are recorded in ERC-7201 namespaced storage and checked
// through a getter of the namespace: only they may move the ether.
contract C94 {
    struct S1 {
        mapping(address => bool) q1;
    }

    bytes32 private constant K1 = 0x02dd7bc7dec4dceedda775e58dd541e08a116c6c53815c0bd028192f7b626800;

    constructor() {
        h1().q1[msg.sender] = true;
    }

    function h1() private pure returns (S1 storage $) {
        assembly {
            $.slot := K1
        }
    }

    modifier m1() {
        S1 storage $ = h1();
        require($.q1[msg.sender]);
        _;
    }

    function f1(address a) external m1 {
        S1 storage $ = h1();
        $.q1[a] = true;
    }

    function f2(address t, uint256 v, bytes calldata d) external payable m1 {
        // ok: SOL-ARBITRARY-SEND
        (bool ok, ) = t.call{value: v}(d);
        require(ok);
    }

    receive() external payable {}
}
