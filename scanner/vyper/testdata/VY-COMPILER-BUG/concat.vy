# ruleid: VY-COMPILER-BUG
#pragma version ^0.3.7

@external
@pure
def join(a: String[32], b: String[32]) -> String[64]:
    return concat(a, b)
