pragma solidity ^0.8.19;

// The local compared with msg.value holds the price, not zero: every turn
// of the loop takes the same payment as its own.
contract C214 {
    mapping(address => uint256) public b14;

    function f1(address[] calldata a, uint256 price) external payable {
        uint256 each = price;
        for (uint256 i = 0; i < a.length; i++) {
            // ruleid: SOL-MSG-VALUE-LOOP
            require(msg.value == each);
            b14[a[i]] += 1;
        }
    }
}
