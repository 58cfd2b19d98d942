pragma solidity ^0.8.19;

// Anyone may run a stored job, but the target and calldata they pass are
// checked by a helper against the hash the owner stored for the job.
contract C236 {
    address internal o36;
    mapping(uint256 => bytes32) internal h36;

    constructor() {
        o36 = msg.sender;
    }

    function store(uint256 id, address t, bytes calldata d) external {
        require(msg.sender == o36);
        h36[id] = sig(t, d);
    }

    function run(bytes calldata job) external {
        (uint256 id, address t, bytes memory d) = abi.decode(job, (uint256, address, bytes));
        check(id, t, d);
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }

    function check(uint256 id, address t, bytes memory d) private view {
        if (sig(t, d) != h36[id]) {
            revert("not the stored job");
        }
    }

    function sig(address t, bytes memory d) private pure returns (bytes32) {
        return keccak256(abi.encodePacked(t, d));
    }
}
