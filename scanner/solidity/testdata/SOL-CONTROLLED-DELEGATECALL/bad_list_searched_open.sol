pragma solidity ^0.6.2;

// A list searched before the delegatecall, but anyone may add to it; and
// a helper another entry calls with a target nobody checked.
contract C99b {
    address q1;
    address[] q2;
    bytes q3;

    constructor(bytes memory d) public {
        q1 = msg.sender;
        q3 = d;
    }

    modifier m1(address t) {
        bool found = false;
        for (uint256 i = 0; i < q2.length; i++) {
            if (q2[i] == t) {
                found = true;
            }
        }
        require(found);
        _;
    }

    function f1(address t) external {
        q2.push(t);
    }

    function f2(address t) external m1(t) {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(q3);
        require(ok);
    }
}

contract C99c {
    address q1;
    address[] q2;
    bytes q3;

    constructor(bytes memory d) public {
        q1 = msg.sender;
        q3 = d;
    }

    modifier m1(address t) {
        bool found = false;
        for (uint256 i = 0; i < q2.length; i++) {
            if (q2[i] == t) {
                found = true;
            }
        }
        require(found);
        _;
    }

    function f1(address t) external {
        require(msg.sender == q1);
        q2.push(t);
    }

    function f2(address t) external m1(t) {
        h1(t);
    }

    function f3(address t) external {
        h1(t);
    }

    function h1(address t) internal {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(q3);
        require(ok);
    }
}
