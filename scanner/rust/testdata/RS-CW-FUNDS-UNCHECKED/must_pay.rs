use cosmwasm_std::{coins, BankMsg, DepsMut, Env, MessageInfo, Response, StdError, StdResult, Uint128};
use cw_utils::must_pay;

pub fn execute_swap(_deps: DepsMut, _env: Env, info: MessageInfo, amount: Uint128) -> StdResult<Response> {
    let paid = must_pay(&info, "uosmo").map_err(|e| StdError::generic_err(e.to_string()))?;
    if paid < amount {
        return Err(StdError::generic_err("not enough funds"));
    }
    // ok: RS-CW-FUNDS-UNCHECKED
    let msg = BankMsg::Send { to_address: info.sender.to_string(), amount: coins(amount.u128(), "uion") };
    Ok(Response::new().add_message(msg))
}
