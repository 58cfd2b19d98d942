module 0x1::rewards {
    public fun reward(stake: u128, total: u128, pool: u128): u128 {
        // ruleid: MOVE-DIV-BEFORE-MUL
        pool * (stake / total)
    }
}
