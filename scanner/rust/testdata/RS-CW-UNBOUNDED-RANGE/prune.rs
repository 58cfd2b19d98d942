use cosmwasm_std::{DepsMut, Env, MessageInfo, Order, Response, StdResult};
use cw_storage_plus::Map;

pub const ORDERS: Map<(&str, u64), u64> = Map::new("orders");

pub fn execute_cancel_all(deps: DepsMut, _env: Env, info: MessageInfo) -> StdResult<Response> {
    let owner = info.sender.to_string();
    let ids: Vec<u64> = ORDERS
        .prefix(&owner)
        // ruleid: RS-CW-UNBOUNDED-RANGE
        .keys(deps.storage, None, None, Order::Ascending)
        .collect::<StdResult<_>>()?;
    for id in ids {
        ORDERS.remove(deps.storage, (&owner, id));
    }
    Ok(Response::new())
}
