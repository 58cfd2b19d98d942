#pragma version ^0.4.0

winners: DynArray[address, 50]

@external
def payout(amount: uint256):
    for w: address in self.winners:
        # ruleid: VY-SEND-IN-LOOP
        send(w, amount)
