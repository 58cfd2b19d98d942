# ok: VY-COMPILER-REENTRANCY-LOCK
# @version 0.3.1

balances: HashMap[address, uint256]

@external
@nonreentrant("lock")
def remove_liquidity(amount: uint256):
    self.balances[msg.sender] -= amount
    raw_call(msg.sender, b"", value=amount)
