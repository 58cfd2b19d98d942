use cosmwasm_std::{entry_point, Addr, DepsMut, Env, Reply, Response, StdError, StdResult};
use cw_storage_plus::Item;
use cw_utils::parse_reply_instantiate_data;

pub const CHILD: Item<Addr> = Item::new("child");

#[entry_point]
// ok: RS-CW-REPLY-UNCHECKED
pub fn reply(deps: DepsMut, _env: Env, msg: Reply) -> StdResult<Response> {
    let res = parse_reply_instantiate_data(msg).map_err(|e| StdError::generic_err(e.to_string()))?;
    CHILD.save(deps.storage, &deps.api.addr_validate(&res.contract_address)?)?;
    Ok(Response::new())
}
