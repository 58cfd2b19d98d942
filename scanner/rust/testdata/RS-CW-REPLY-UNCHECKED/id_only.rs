use cosmwasm_std::{entry_point, DepsMut, Env, Reply, Response, StdError, StdResult};
use cw_storage_plus::Item;

pub const DEPOSITED: Item<bool> = Item::new("deposited");
const DEPOSIT_REPLY: u64 = 1;

#[entry_point]
// ruleid: RS-CW-REPLY-UNCHECKED
pub fn reply(deps: DepsMut, _env: Env, msg: Reply) -> StdResult<Response> {
    match msg.id {
        DEPOSIT_REPLY => {
            DEPOSITED.save(deps.storage, &true)?;
            Ok(Response::new())
        }
        _ => Err(StdError::generic_err("unknown reply")),
    }
}
