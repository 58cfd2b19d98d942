pragma solidity ^0.8.0;

// The caller is checked: an owner, a role, or the one recorded as winner.
contract C83 {
    address q1;
    address q2;
    mapping(address => bool) q3;

    modifier m1() {
        require(msg.sender == q1, "no");
        _;
    }

    function f1() external m1 {
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        payable(msg.sender).transfer(address(this).balance);
    }

    function f2() external {
        require(q3[msg.sender], "no");
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        payable(msg.sender).transfer(1 ether);
    }

    function f3() external {
        if (msg.sender != q2) revert();
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        payable(msg.sender).transfer(address(this).balance);
    }
}

// The caller proves it is owed the amount with a signature.
contract C84 {
    address q1;

    function f1(uint256 a, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encodePacked(msg.sender, a, address(this)));
        address w = ecrecover(h, v, r, s);
        require(w != address(0) && w == q1, "sig");
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        payable(msg.sender).transfer(a);
    }
}
