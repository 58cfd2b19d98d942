module drop::airdrop;

use sui::coin::Coin;
use sui::sui::SUI;

public struct Airdrop has key {
    id: UID,
    members: vector<address>,
    admin: address,
}

fun init(ctx: &mut TxContext) {
    transfer::share_object(Airdrop { id: object::new(ctx), members: vector[], admin: ctx.sender() });
}

public fun join(drop: &mut Airdrop, ctx: &TxContext) {
    drop.members.push_back(ctx.sender());
}

public fun pay_all(drop: &Airdrop, mut coin: Coin<SUI>, each: u64, ctx: &mut TxContext) {
    assert!(drop.admin == ctx.sender(), 0);
    let mut i = 0;
    // ruleid: MOVE-UNBOUNDED-LOOP
    while (i < drop.members.length()) {
        let part = coin.split(each, ctx);
        transfer::public_transfer(part, drop.members[i]);
        i = i + 1;
    };
    transfer::public_transfer(coin, ctx.sender());
}
