pragma solidity ^0.6.12;

// The loop sums the cost; msg.value is compared with the total, after
// the loop or against the running total.
contract C6 {
    uint256[] q1;
    mapping(uint256 => address) q2;

    event E1(uint256 id, uint256 paid);

    function f1(uint256[] calldata ids) external payable {
        uint256 t = 0;
        for (uint256 i = 0; i < ids.length; i++) {
            t += q1[ids[i]];
            q2[ids[i]] = msg.sender;
        }
        // ok: SOL-MSG-VALUE-LOOP
        require(msg.value == t, "total");
    }

    function f2(uint256[] calldata ids) external payable {
        uint256 t;
        for (uint256 i = 0; i < ids.length; i++) {
            t += q1[ids[i]];
            // ok: SOL-MSG-VALUE-LOOP
            require(t <= msg.value, "short");
            // ok: SOL-MSG-VALUE-LOOP
            emit E1(ids[i], msg.value);
        }
    }
}
