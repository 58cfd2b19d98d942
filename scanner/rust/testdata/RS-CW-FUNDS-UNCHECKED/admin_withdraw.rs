use cosmwasm_std::{coins, Addr, BankMsg, DepsMut, Env, MessageInfo, Response, StdError, StdResult, Uint128};
use cw_storage_plus::Item;

pub const ADMIN: Item<Addr> = Item::new("admin");

pub fn execute_withdraw(deps: DepsMut, _env: Env, info: MessageInfo, amount: Uint128) -> StdResult<Response> {
    if info.sender != ADMIN.load(deps.storage)? {
        return Err(StdError::generic_err("unauthorized"));
    }
    // ok: RS-CW-FUNDS-UNCHECKED
    let msg = BankMsg::Send { to_address: info.sender.to_string(), amount: coins(amount.u128(), "uatom") };
    Ok(Response::new().add_message(msg))
}
