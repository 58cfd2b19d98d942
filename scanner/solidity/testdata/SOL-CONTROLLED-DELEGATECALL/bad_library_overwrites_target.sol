pragma solidity ^0.8.0;

// A library contract whose first state variable is a number, called by
// delegatecall with a selector hashed from its signature: in the caller's
// storage its first slot holds the library's address. The first call
// replaces it with a number the caller picks (an address of theirs), the
// second runs their code here and takes the contract.
contract L1 {
    uint256 q1;

    function g1(uint256 v) public {
        q1 = v;
    }
}

contract C72 {
    address q2;
    address q3;
    address q4;
    bytes4 constant K1 = bytes4(keccak256("g1(uint256)"));

    constructor(address a, address b) {
        q2 = a;
        q3 = b;
        q4 = msg.sender;
    }

    function f1(uint256 v) public {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q2.delegatecall(abi.encodePacked(K1, v));
        require(ok);
    }

    function f2(uint256 v) public {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q3.delegatecall(abi.encodeWithSignature("g2(uint256)", v));
        require(ok);
    }
}

contract L2 {
    address p1;
    uint256 p2;

    // Writes the second slot: where C72 keeps q3.
    function g2(uint256 v) public {
        p2 = v;
    }
}

// A proxy whose logic keeps an address in its first slot, where the proxy
// keeps the logic's: handing it the proxy's own address, as here, points
// the proxy at itself.
contract C79 {
    address q5;

    constructor(address a) {
        q5 = a;
    }

    function f3() public {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q5.delegatecall(abi.encodeWithSignature("g3(address)", address(this)));
        require(ok);
    }
}

contract L4 {
    address p3;

    function g3(address a) public {
        p3 = a;
    }
}

// The signature string names no function of the bundle (the library's
// function was renamed since, as in a copy whose identifiers are all
// renamed); its parameter types still say which code runs: L5's one
// function taking a uint256 overwrites the slot holding the target.
contract C82 {
    address q6;
    address q7;

    constructor(address a) {
        q6 = a;
        q7 = msg.sender;
    }

    function f4(uint256 v) public {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q6.delegatecall(abi.encodeWithSignature("setScore(uint256)", v));
        require(ok);
    }
}

contract L5 {
    uint256 p4;

    function g5(uint256 v) public {
        p4 = v;
    }
}
