pragma solidity ^0.8.19;

// Block values mixed into record ids and receipts: the hash is only a key,
// an emitted value or what an outside caller is handed, so it draws
// nothing. The contract also draws (f4), so it is a random contract.
library L15 {
    struct S15 {
        uint256[] v;
    }

    function put(S15 storage s, uint256 x) internal {
        s.v.push(x);
    }
}

contract C215 {
    using L15 for L15.S15;

    struct N15 {
        uint96 n;
    }

    N15 internal s15;
    mapping(uint256 => address) internal a15;
    mapping(bytes32 => bool) internal r15;
    L15.S15 internal i15;
    address[] internal p15;

    event E15(uint256 id);

    function f1(address t) external returns (uint256 id) {
        // ok: SOL-WEAK-RANDOMNESS
        id = uint256(keccak256(abi.encodePacked(blockhash(block.number - 1), address(this), s15.n)));
        h15(id, t);
        s15.n++;
        emit E15(id);
    }

    function h15(uint256 id, address t) internal {
        a15[id] = t;
        i15.put(id);
    }

    function f2(bytes calldata m) external {
        // ok: SOL-WEAK-RANDOMNESS
        bytes32 rid = keccak256(abi.encodePacked(m, msg.sender, block.number));
        r15[rid] = true;
    }

    function f3() external view returns (bytes32) {
        // ok: SOL-WEAK-RANDOMNESS
        return blockhash(block.number - 1);
    }

    function f4() external {
        // ruleid: SOL-WEAK-RANDOMNESS
        uint256 w = uint256(keccak256(abi.encode(block.prevrandao, p15.length))) % p15.length;
        a15[0] = p15[w];
    }
}
