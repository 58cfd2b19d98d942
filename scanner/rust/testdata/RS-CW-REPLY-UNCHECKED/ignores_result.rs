use cosmwasm_std::{entry_point, DepsMut, Env, Reply, Response, StdResult};
use cw_storage_plus::Item;

pub const PENDING: Item<u64> = Item::new("pending");
pub const OPEN_POSITIONS: Item<u64> = Item::new("open");

#[entry_point]
// ruleid: RS-CW-REPLY-UNCHECKED
pub fn reply(deps: DepsMut, _env: Env, _msg: Reply) -> StdResult<Response> {
    let pending = PENDING.load(deps.storage)?;
    OPEN_POSITIONS.update(deps.storage, |n| -> StdResult<_> { Ok(n + pending) })?;
    Ok(Response::new())
}
