use cosmwasm_std::{entry_point, DepsMut, Env, Reply, Response, StdError, StdResult, SubMsgResult};
use cw_storage_plus::Item;

pub const DEPOSITED: Item<bool> = Item::new("deposited");

#[entry_point]
// ok: RS-CW-REPLY-UNCHECKED
pub fn reply(deps: DepsMut, _env: Env, msg: Reply) -> StdResult<Response> {
    match msg.result {
        SubMsgResult::Ok(_) => {
            DEPOSITED.save(deps.storage, &true)?;
            Ok(Response::new())
        }
        SubMsgResult::Err(e) => Err(StdError::generic_err(e)),
    }
}
