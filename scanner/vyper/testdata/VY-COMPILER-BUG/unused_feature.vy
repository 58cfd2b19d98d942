# ok: VY-COMPILER-BUG
# @version 0.3.10

total: uint256

@external
def bump():
    self.total += 1
