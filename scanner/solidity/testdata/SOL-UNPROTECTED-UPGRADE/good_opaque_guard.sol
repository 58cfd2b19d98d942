pragma solidity ^0.8.0;

// The implementation is set only by accounts the contract lists.
contract C14 {
    address q1;
    mapping(address => bool) q2;

    modifier m1() {
        require(q2[msg.sender], "denied");
        _;
    }

    // ok: SOL-UNPROTECTED-UPGRADE
    function f1(address n) external m1 {
        q1 = n;
    }

    fallback() external payable {
        (bool ok, ) = q1.delegatecall(msg.data);
        require(ok);
    }
}
