pragma solidity ^0.5.11;

contract K8 {
    address[] k1;
    uint256 k2;
    uint256 k3;
    mapping(address => uint256) k4;

    // The loop's progress is written before the payment it guards; what
    // is written after (a statistic) decides nothing about the payment.
    function g1() public {
        for (uint256 i = 0; i < k1.length; i++) {
            k2 = i;
            // ok: SOL-REENTRANCY-LIMITED
            if (!address(uint160(k1[i])).send(1 ether)) {
                revert();
            }
            k3 = now;
        }
    }

    // The entry is cleared before the payment; only a total is kept after.
    function g2() public {
        uint256 v = k4[msg.sender];
        k4[msg.sender] = 0;
        // ok: SOL-REENTRANCY-LIMITED
        msg.sender.transfer(v);
        k3 += v;
    }
}
