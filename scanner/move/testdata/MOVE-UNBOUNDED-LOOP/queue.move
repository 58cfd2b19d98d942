module q::queue {
    public struct Queue has key {
        id: UID,
        items: vector<u64>,
    }

    fun init(ctx: &mut TxContext) {
        transfer::share_object(Queue { id: object::new(ctx), items: vector::empty() });
    }

    public entry fun enqueue(q: &mut Queue, x: u64) {
        vector::push_back(&mut q.items, x);
    }

    public fun total(q: &Queue): u64 {
        let mut sum = 0;
        // ruleid: MOVE-UNBOUNDED-LOOP
        q.items.do_ref!(|x| sum = sum + *x);
        sum
    }
}
