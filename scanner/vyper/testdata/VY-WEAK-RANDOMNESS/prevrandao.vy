#pragma version ^0.4.0

@external
@view
def roll() -> uint256:
    # ruleid: VY-WEAK-RANDOMNESS
    seed: bytes32 = keccak256(concat(convert(block.prevrandao, bytes32), convert(block.number, bytes32)))
    return convert(seed, uint256) % 6
