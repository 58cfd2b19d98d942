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
    if token_program.key != &spl_token::ID {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ok: RS-SOL-ARBITRARY-CPI
    let ix = spl_token::instruction::transfer(token_program.key, user_token.key, vault_token.key, user.key, &[], amount)?;
    invoke(&ix, &[user_token.clone(), vault_token.clone(), user.clone(), token_program.clone()])?;
    Ok(())
}

pub fn process_burn(_program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let account = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    spl_token::check_program_account(token_program.key)?;
    // ok: RS-SOL-ARBITRARY-CPI
    let ix = spl_token::instruction::burn(token_program.key, account.key, mint.key, owner.key, &[], amount)?;
    invoke(&ix, &[account.clone(), mint.clone(), owner.clone()])?;
    Ok(())
}
