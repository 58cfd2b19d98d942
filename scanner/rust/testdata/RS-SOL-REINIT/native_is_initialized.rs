use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Config {
    pub is_initialized: bool,
    pub admin: Pubkey,
}

pub fn initialize(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let config_info = next_account_info(iter)?;
    let admin = next_account_info(iter)?;
    if config_info.owner != program_id || !admin.is_signer {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ok: RS-SOL-REINIT
    let mut config = Config::try_from_slice(&config_info.data.borrow())?;
    if config.is_initialized {
        return Err(ProgramError::AccountAlreadyInitialized);
    }
    config.is_initialized = true;
    config.admin = *admin.key;
    config.serialize(&mut &mut config_info.data.borrow_mut()[..])?;
    Ok(())
}
