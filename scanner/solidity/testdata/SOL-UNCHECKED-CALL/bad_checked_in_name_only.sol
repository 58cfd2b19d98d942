pragma solidity ^0.5.0;

// The result is tested, but nothing depends on it: the failure arm only
// bumps a local nobody reads, or the condition holds whatever the call
// returns. Execution carries on as if the ether had gone.
contract C70 {
    mapping(address => uint) q1;

    function f1(address payable a, uint v) public {
        uint n;
        // ruleid: SOL-UNCHECKED-CALL
        if (!a.send(v)) {
            n += 1;
        } else {
            q1[a] = 0;
        }
    }

    function f2(address payable a, uint v) public {
        // ruleid: SOL-UNCHECKED-CALL
        if (!a.send(v) || 2 > 1) {
            revert();
        }
    }

    function f3(address payable a, uint v) public {
        uint n = 0;
        // ruleid: SOL-UNCHECKED-CALL
        if (a.send(v)) {
            q1[a] = 0;
        } else {
            n = n + 1;
        }
    }

    function f4(address a, bytes memory d) public {
        // ruleid: SOL-UNCHECKED-CALL
        (bool ok, ) = a.call(d);
        require(ok || true);
    }
}
