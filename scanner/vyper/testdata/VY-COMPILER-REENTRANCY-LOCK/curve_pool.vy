# ruleid: VY-COMPILER-REENTRANCY-LOCK
# @version 0.3.0

balances: HashMap[address, uint256]

@external
@nonreentrant("lock")
def remove_liquidity(amount: uint256):
    self.balances[msg.sender] -= amount
    raw_call(msg.sender, b"", value=amount)

@external
@nonreentrant("lock")
def add_liquidity():
    self.balances[msg.sender] += 1
