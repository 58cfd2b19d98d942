#pragma version ^0.4.0

owed: HashMap[address, uint256]

@external
def withdraw():
    amount: uint256 = self.owed[msg.sender]
    self.owed[msg.sender] = 0
    # ok: VY-SEND-IN-LOOP
    send(msg.sender, amount)
