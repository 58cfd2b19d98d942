module 0x5::reward {
    public fun reward(stake: u64, rate: u64): u64 {
        let r: u128 = (stake as u128) * (rate as u128);
        // ruleid: MOVE-UNCHECKED-CAST
        (r as u64)
    }
}
