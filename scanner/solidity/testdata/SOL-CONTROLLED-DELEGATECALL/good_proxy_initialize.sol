pragma solidity ^0.8.0;

// A proxy's one-shot set-up: it runs only while no implementation is
// installed, installs the one it is given and delegates the set-up call
// to it. Whether anyone can be first is the initializer rule's question.
// Names are opaque.
contract C95 {
    address private q1;

    function h1() internal view returns (address) {
        return q1;
    }

    function f1(address a, bytes memory d) public payable {
        require(h1() == address(0));
        q1 = a;
        if (d.length > 0) {
            // ok: SOL-CONTROLLED-DELEGATECALL
            (bool ok, ) = a.delegatecall(d);
            require(ok);
        }
    }

    fallback() external payable {
        address t = q1;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let r := delegatecall(gas(), t, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch r
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
