use cosmwasm_std::{coins, BankMsg, DepsMut, Env, MessageInfo, Response, StdResult, Uint128};
use cw_storage_plus::Item;

pub const DENOM: Item<String> = Item::new("denom");

pub fn execute_refund(deps: DepsMut, _env: Env, _info: MessageInfo, recipient: String, amount: Uint128) -> StdResult<Response> {
    let denom = DENOM.load(deps.storage)?;
    let to = deps.api.addr_validate(&recipient)?;
    // ruleid: RS-CW-FUNDS-UNCHECKED
    let msg = BankMsg::Send { to_address: to.to_string(), amount: coins(amount.u128(), denom) };
    Ok(Response::new().add_message(msg))
}
