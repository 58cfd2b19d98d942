pragma solidity ^0.8.0;

// A batch purchase checks the payment per item and a batch deposit
// credits it per recipient: paid once, counted N times.
contract C1 {
    uint256 q1 = 1 ether;
    mapping(uint256 => address) q2;
    mapping(address => uint256) q3;

    function f1(uint256[] calldata ids) external payable {
        for (uint256 i = 0; i < ids.length; i++) {
            // ruleid: SOL-MSG-VALUE-LOOP
            require(msg.value >= q1, "price");
            q2[ids[i]] = msg.sender;
        }
    }

    function f2(address[] calldata to) external payable {
        uint256 i = 0;
        while (i < to.length) {
            // ruleid: SOL-MSG-VALUE-LOOP
            q3[to[i]] += msg.value;
            i++;
        }
    }
}
