use cosmwasm_std::{to_json_binary, Coin, DepsMut, Env, MessageInfo, Response, StdResult, WasmMsg};

pub fn execute_forward(deps: DepsMut, _env: Env, _info: MessageInfo, target: String, funds: Vec<Coin>) -> StdResult<Response> {
    let contract = deps.api.addr_validate(&target)?;
    // ruleid: RS-CW-FUNDS-UNCHECKED
    let msg = WasmMsg::Execute { contract_addr: contract.to_string(), msg: to_json_binary(&"ping")?, funds };
    Ok(Response::new().add_message(msg))
}
