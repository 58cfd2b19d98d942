pragma solidity ^0.8.0;

// ok: SOL-LOCKED-ETHER
contract C18 {
    mapping(address => uint256) q1;

    function f0() external payable {
        q1[msg.sender] += msg.value;
    }

    function f1() external {
        uint256 v = q1[msg.sender];
        q1[msg.sender] = 0;
        f2(payable(msg.sender), v);
    }

    function f2(address payable to, uint256 v) internal {
        (bool ok, ) = to.call{value: v}("");
        require(ok);
    }
}
