use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    rent::Rent,
};

pub fn check_rent(_program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let target = next_account_info(iter)?;
    let rent_info = next_account_info(iter)?;
    // ruleid: RS-SOL-SYSVAR-UNCHECKED
    let rent = bincode::deserialize::<Rent>(&rent_info.data.borrow()).map_err(|_| ProgramError::InvalidAccountData)?;
    if !rent.is_exempt(target.lamports(), target.data_len()) {
        return Err(ProgramError::AccountNotRentExempt);
    }
    Ok(())
}
