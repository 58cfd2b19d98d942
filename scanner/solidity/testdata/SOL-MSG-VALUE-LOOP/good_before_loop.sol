pragma solidity ^0.8.0;

// msg.value read once before the loop into a local the loop spends.
contract C5 {
    uint256 q1 = 1 ether;
    mapping(uint256 => address) q2;

    function f1(uint256[] calldata ids) external payable {
        // ok: SOL-MSG-VALUE-LOOP
        uint256 left = msg.value;
        for (uint256 i = 0; i < ids.length; i++) {
            left -= q1;
            q2[ids[i]] = msg.sender;
        }
        payable(msg.sender).transfer(left);
    }
}
