module 0x7::dice {
    use aptos_framework::timestamp;

    public fun roll(): u64 {
        // ruleid: MOVE-WEAK-RANDOMNESS
        timestamp::now_microseconds() % 6 + 1
    }
}
