pragma solidity ^0.8.19;

// The initial members are pushed by a helper only the constructor calls:
// the deployer sizes the array once; nobody can grow it later.
contract C234 {
    address[] public m34;
    address public o34;

    constructor(address[] memory init) {
        o34 = msg.sender;
        h34(init);
    }

    function h34(address[] memory xs) internal {
        for (uint256 i = 0; i < xs.length; i++) {
            // ok: SOL-DOS-UNBOUNDED-ARRAY
            m34.push(xs[i]);
        }
    }
}

// The same helper an external function also calls: anyone grows it.
contract C235 {
    address[] public m35;

    constructor(address[] memory init) {
        h35(init);
    }

    function join(address[] calldata xs) external {
        h35(xs);
    }

    function h35(address[] memory xs) internal {
        for (uint256 i = 0; i < xs.length; i++) {
            // ruleid: SOL-DOS-UNBOUNDED-ARRAY
            m35.push(xs[i]);
        }
    }
}
