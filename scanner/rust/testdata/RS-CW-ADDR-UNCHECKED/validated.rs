use cosmwasm_std::{Addr, DepsMut, Env, MessageInfo, Response, StdError, StdResult};
use cw_storage_plus::Item;

pub const OWNER: Item<Addr> = Item::new("owner");
pub const RECIPIENT: Item<Addr> = Item::new("recipient");

pub fn execute_set_recipient(deps: DepsMut, _env: Env, info: MessageInfo, recipient: String) -> StdResult<Response> {
    if info.sender != OWNER.load(deps.storage)? {
        return Err(StdError::generic_err("unauthorized"));
    }
    // ok: RS-CW-ADDR-UNCHECKED
    let recipient = deps.api.addr_validate(&recipient)?;
    RECIPIENT.save(deps.storage, &recipient)?;
    Ok(Response::new())
}
