#pragma version ^0.4.0

@external
def forward(target: address, data: Bytes[100]) -> Bytes[32]:
    success: bool = False
    response: Bytes[32] = b""
    # ruleid: VY-UNCHECKED-RAW-CALL
    success, response = raw_call(target, data, max_outsize=32, revert_on_failure=False)
    return response
