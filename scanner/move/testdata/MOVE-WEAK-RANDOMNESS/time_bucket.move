module pool::epochs {
    use sui::clock::Clock;

    const DAY_MS: u64 = 86_400_000;

    /// Elapsed time within the day: arithmetic on the clock, not a draw.
    public fun day_start(clock: &Clock): u64 {
        let now = clock.timestamp_ms();
        // ok: MOVE-WEAK-RANDOMNESS
        now - now / DAY_MS * DAY_MS
    }
}
