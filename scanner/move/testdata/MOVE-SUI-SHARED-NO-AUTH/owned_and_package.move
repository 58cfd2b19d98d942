module game::arena {
    public struct Arena has key {
        id: UID,
        rounds: u64,
        prize: u64,
    }

    /// An owned object: only its owner can pass it by &mut.
    public struct Player has key, store {
        id: UID,
        score: u64,
    }

    public struct GameMaster has key {
        id: UID,
    }

    fun init(ctx: &mut TxContext) {
        transfer::share_object(Arena { id: object::new(ctx), rounds: 0, prize: 0 });
        transfer::transfer(GameMaster { id: object::new(ctx) }, ctx.sender());
    }

    public fun record(player: &mut Player, score: u64) {
        // ok: MOVE-SUI-SHARED-NO-AUTH
        player.score = score;
    }

    public(package) fun set_prize(arena: &mut Arena, prize: u64) {
        // ok: MOVE-SUI-SHARED-NO-AUTH
        arena.prize = prize;
    }

    public fun set_prize_as_master(arena: &mut Arena, _gm: &GameMaster, prize: u64) {
        // ok: MOVE-SUI-SHARED-NO-AUTH
        arena.prize = prize;
    }
}
