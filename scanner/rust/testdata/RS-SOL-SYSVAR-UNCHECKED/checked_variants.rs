use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    rent::Rent,
    sysvar::{instructions, Sysvar},
};

pub fn verify_signature_ix(_program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let ix_sysvar = next_account_info(iter)?;
    // ok: RS-SOL-SYSVAR-UNCHECKED
    let current = instructions::load_current_index_checked(ix_sysvar)?;
    // ok: RS-SOL-SYSVAR-UNCHECKED
    let prev = instructions::load_instruction_at_checked((current - 1) as usize, ix_sysvar)?;
    if prev.program_id != solana_program::secp256k1_program::ID {
        return Err(ProgramError::InvalidInstructionData);
    }
    Ok(())
}

pub fn check_rent(_program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let target = next_account_info(iter)?;
    let rent_info = next_account_info(iter)?;
    // ok: RS-SOL-SYSVAR-UNCHECKED
    let rent = Rent::from_account_info(rent_info)?;
    let _ = Rent::get()?;
    if !rent.is_exempt(target.lamports(), target.data_len()) {
        return Err(ProgramError::AccountNotRentExempt);
    }
    Ok(())
}
