use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

pub struct WithdrawArgs {
    pub amount: u64,
    pub bump: u8,
}

pub fn withdraw(program_id: &Pubkey, accounts: &[AccountInfo], args: WithdrawArgs) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let vault = next_account_info(iter)?;
    // ruleid: RS-SOL-PDA-BUMP
    let expected = Pubkey::create_program_address(&[b"vault", user.key.as_ref(), &[args.bump]], program_id)
        .map_err(|_| ProgramError::InvalidSeeds)?;
    if expected != *vault.key {
        return Err(ProgramError::InvalidSeeds);
    }
    Ok(())
}

pub fn close(program_id: &Pubkey, accounts: &[AccountInfo], bump: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let vault = next_account_info(iter)?;
    // ruleid: RS-SOL-PDA-BUMP
    let expected = Pubkey::create_program_address(&[b"vault", user.key.as_ref(), &[bump]], program_id)?;
    if expected != *vault.key {
        return Err(ProgramError::InvalidSeeds);
    }
    Ok(())
}
