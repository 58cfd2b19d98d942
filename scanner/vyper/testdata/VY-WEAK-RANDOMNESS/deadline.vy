#pragma version ^0.4.0

deadline: uint256

@external
def bid():
    # ok: VY-WEAK-RANDOMNESS
    assert block.timestamp < self.deadline
