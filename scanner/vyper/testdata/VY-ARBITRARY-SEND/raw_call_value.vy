# @version 0.3.10

@external
def sweep(receiver: address):
    dest: address = receiver
    # ruleid: VY-ARBITRARY-SEND
    raw_call(dest, b"", value=self.balance)
