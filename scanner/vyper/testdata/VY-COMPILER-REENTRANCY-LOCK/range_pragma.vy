# ruleid: VY-COMPILER-REENTRANCY-LOCK
#pragma version >=0.2.15

total: uint256

@external
@nonreentrant("")
def bump():
    self.total += 1
