use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

pub fn withdraw(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let vault = next_account_info(iter)?;
    let (expected, _bump) = Pubkey::find_program_address(&[b"vault", user.key.as_ref()], program_id);
    if expected != *vault.key || amount == 0 {
        return Err(ProgramError::InvalidSeeds);
    }
    Ok(())
}

pub fn verify(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let vault = next_account_info(iter)?;
    let stored_bump = vault.try_borrow_data()?[0];
    // The bump was stored from find_program_address when the vault was made.
    // ok: RS-SOL-PDA-BUMP
    let expected = Pubkey::create_program_address(&[b"vault", user.key.as_ref(), &[stored_bump]], program_id)?;
    if expected != *vault.key {
        return Err(ProgramError::InvalidSeeds);
    }
    Ok(())
}
