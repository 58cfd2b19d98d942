pragma solidity ^0.8.19;

// Checks that no ether came, repeated in a loop: nothing is spent twice.
contract C213 {
    uint256 constant Z13 = 0;
    mapping(address => uint256) public b13;

    function h13() internal view {
        require(msg.value == 0);
    }

    function f1(address[] calldata a) external payable {
        for (uint256 i = 0; i < a.length; i++) {
            // ok: SOL-MSG-VALUE-LOOP
            assert(msg.value == Z13);
            b13[a[i]] += 1;
        }
    }

    function f2(address[] calldata a) external payable {
        for (uint256 i = 0; i < a.length; i++) {
            // ok: SOL-MSG-VALUE-LOOP
            if (0 != msg.value) revert();
            // ok: SOL-MSG-VALUE-LOOP
            h13();
            b13[a[i]] += 1;
        }
    }

    function f3(address[] calldata a) external payable {
        uint256 none = 0;
        uint256 unset;
        for (uint256 i = 0; i < a.length; i++) {
            // ok: SOL-MSG-VALUE-LOOP
            require(msg.value == none && msg.value <= unset);
            b13[a[i]] += 1;
        }
    }
}
