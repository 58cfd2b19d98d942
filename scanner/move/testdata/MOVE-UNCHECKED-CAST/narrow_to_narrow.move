module amm::bits {
    public fun low_byte(x: u64): u8 {
        // ok: MOVE-UNCHECKED-CAST
        ((x & 0xff) as u8)
    }
}
