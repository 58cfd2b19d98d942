#pragma version ^0.4.0

payees: DynArray[address, 50]
failed: HashMap[address, uint256]

@external
def split(amount: uint256):
    for p: address in self.payees:
        # ok: VY-SEND-IN-LOOP
        ok: bool = raw_call(p, b"", value=amount, revert_on_failure=False)
        if not ok:
            self.failed[p] += amount
