pragma solidity ^0.6.2;

// The target must be found in a list only the owner extends, searched by
// a loop in a modifier; the delegatecall sits in a helper that only the
// vetted entry calls with it.
contract C99a {
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
                break;
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
        h1(t, q3);
    }

    function h1(address t, bytes memory d) internal {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(d);
        require(ok);
    }
}
