pragma solidity ^0.8.0;

library L1 {
    function g1(address a) internal view returns (bool) {
        return a.code.length > 0;
    }
}

// An upgradeable base: the one-shot check also admits a call while the
// contract has no code yet (in a constructor), the shape of initialisers
// a proxy runs in its deploying transaction. Nothing in the contract can
// destroy or replace its code, so whoever initialises the implementation
// itself gains nothing any proxy uses.
abstract contract B1 {
    uint8 private q1;
    bool private q2;

    modifier m1() {
        bool top = !q2;
        require((top && q1 < 1) || (!L1.g1(address(this)) && q1 == 1), "done");
        q1 = 1;
        if (top) {
            q2 = true;
        }
        _;
        if (top) {
            q2 = false;
        }
    }
}

contract C98 is B1 {
    address q3;
    mapping(address => uint256) q4;

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1() public m1 {
        q3 = msg.sender;
    }

    function f2(address a) external payable {
        require(msg.sender == q3);
        q4[a] += msg.value;
    }

    function f3(address payable a) external {
        require(msg.sender == q3);
        uint256 v = q4[a];
        q4[a] = 0;
        a.transfer(v);
    }
}
