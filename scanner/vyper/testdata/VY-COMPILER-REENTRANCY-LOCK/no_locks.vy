# ok: VY-COMPILER-REENTRANCY-LOCK
# @version 0.2.16

total: uint256

@external
def bump():
    self.total += 1
