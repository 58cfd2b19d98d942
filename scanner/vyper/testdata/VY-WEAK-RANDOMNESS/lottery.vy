#pragma version ^0.4.0

players: DynArray[address, 100]

@external
def draw() -> address:
    # ruleid: VY-WEAK-RANDOMNESS
    i: uint256 = block.timestamp % len(self.players)
    return self.players[i]
