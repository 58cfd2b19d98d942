use cosmwasm_std::{Addr, DepsMut, Env, MessageInfo, Response, StdError, StdResult};
use cw_storage_plus::Item;

pub const OWNER: Item<Addr> = Item::new("owner");
pub const RECIPIENT: Item<Addr> = Item::new("recipient");

pub fn execute_set_recipient(deps: DepsMut, _env: Env, info: MessageInfo, recipient: String) -> StdResult<Response> {
    if info.sender != OWNER.load(deps.storage)? {
        return Err(StdError::generic_err("unauthorized"));
    }
    // ruleid: RS-CW-ADDR-UNCHECKED
    RECIPIENT.save(deps.storage, &Addr::unchecked(recipient))?;
    Ok(Response::new())
}

pub fn execute_set_owner(deps: DepsMut, _env: Env, info: MessageInfo, owner: String) -> StdResult<Response> {
    if info.sender != OWNER.load(deps.storage)? {
        return Err(StdError::generic_err("unauthorized"));
    }
    // ruleid: RS-CW-ADDR-UNCHECKED
    let owner = Addr::unchecked(&owner);
    OWNER.save(deps.storage, &owner)?;
    Ok(Response::new())
}
