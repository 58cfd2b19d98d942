use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program::invoke,
    program_error::ProgramError,
    pubkey::Pubkey,
};

pub fn process_deposit(_program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let user_token = next_account_info(iter)?;
    let vault_token = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    if !user.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    // ruleid: RS-SOL-ARBITRARY-CPI
    let ix = spl_token::instruction::transfer(
        token_program.key,
        user_token.key,
        vault_token.key,
        user.key,
        &[],
        amount,
    )?;
    invoke(&ix, &[user_token.clone(), vault_token.clone(), user.clone(), token_program.clone()])?;
    Ok(())
}

pub fn process_ping(_program_id: &Pubkey, accounts: &[AccountInfo], payload: Vec<u8>) -> ProgramResult {
    let iter = &mut accounts.iter();
    let target = next_account_info(iter)?;
    let state = next_account_info(iter)?;
    // ruleid: RS-SOL-ARBITRARY-CPI
    let ix = solana_program::instruction::Instruction {
        program_id: *target.key,
        accounts: vec![solana_program::instruction::AccountMeta::new(*state.key, false)],
        data: payload,
    };
    invoke(&ix, &[state.clone()])?;
    Ok(())
}
