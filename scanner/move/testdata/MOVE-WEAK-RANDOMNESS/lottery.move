module lottery::draw;

use sui::clock::Clock;

public struct Lottery has key {
    id: UID,
    players: vector<address>,
}

public fun winner(lottery: &Lottery, clock: &Clock): address {
    // ruleid: MOVE-WEAK-RANDOMNESS
    let i = clock.timestamp_ms() % lottery.players.length();
    lottery.players[i]
}

public fun winner_by_epoch(lottery: &Lottery, ctx: &TxContext): address {
    let seed = tx_context::epoch(ctx);
    // ruleid: MOVE-WEAK-RANDOMNESS
    let i = seed % lottery.players.length();
    lottery.players[i]
}
