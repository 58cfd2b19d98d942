pragma solidity ^0.8.19;

// A batch the caller assembles and a helper pays: whoever would refuse,
// the caller leaves out; nobody else's batch is blocked.
contract C241 {
    mapping(address => uint256) internal a41;

    function payMany(address[] calldata to) external {
        for (uint256 i = 0; i < to.length; i++) {
            pay(to[i]);
        }
    }

    function pay(address to) internal {
        uint256 v = a41[msg.sender] / 10;
        a41[msg.sender] -= v;
        // ok: SOL-DOS-REVERTING-PAYMENT
        payable(to).transfer(v);
    }
}
