# ruleid: VY-COMPILER-BUG
# @version 0.2.8

total: uint256

@external
def bump():
    self.total += 1
