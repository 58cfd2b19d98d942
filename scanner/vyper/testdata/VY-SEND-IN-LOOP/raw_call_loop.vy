# @version 0.3.10

payees: DynArray[address, 50]

@external
def split(amount: uint256):
    for i in range(50):
        if i >= len(self.payees):
            break
        # ruleid: VY-SEND-IN-LOOP
        raw_call(self.payees[i], b"", value=amount)
