module drop::allowlist;

public struct AdminCap has key, store { id: UID }

public struct Allowlist has key {
    id: UID,
    members: vector<address>,
}

fun init(ctx: &mut TxContext) {
    transfer::share_object(Allowlist { id: object::new(ctx), members: vector[] });
    transfer::transfer(AdminCap { id: object::new(ctx) }, ctx.sender());
}

/// Only the admin grows the list.
public fun add(list: &mut Allowlist, _cap: &AdminCap, member: address) {
    list.members.push_back(member);
}

public fun contains(list: &Allowlist, who: address): bool {
    let mut i = 0;
    // ok: MOVE-UNBOUNDED-LOOP
    while (i < list.members.length()) {
        if (list.members[i] == who) return true;
        i = i + 1;
    };
    false
}
