module lottery::fair;

use sui::random::Random;

public struct Lottery has key {
    id: UID,
    players: vector<address>,
}

entry fun pick(lottery: &Lottery, r: &Random, ctx: &mut TxContext): address {
    let mut g = r.new_generator(ctx);
    // ok: MOVE-WEAK-RANDOMNESS
    let i = g.generate_u64() % lottery.players.length();
    lottery.players[i]
}
