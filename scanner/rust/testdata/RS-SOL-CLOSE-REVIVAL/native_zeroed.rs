use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    system_program,
};

pub fn close_position(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let owner = next_account_info(iter)?;
    let position = next_account_info(iter)?;
    if !owner.is_signer || position.owner != program_id {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let lamports = position.lamports();
    **owner.lamports.borrow_mut() = owner.lamports().checked_add(lamports).ok_or(ProgramError::ArithmeticOverflow)?;
    // ok: RS-SOL-CLOSE-REVIVAL
    **position.lamports.borrow_mut() = 0;
    position.data.borrow_mut().fill(0);
    position.assign(&system_program::ID);
    Ok(())
}
