use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    program_pack::{IsInitialized, Pack, Sealed},
    pubkey::Pubkey,
};

pub struct Vault {
    pub is_initialized: bool,
    pub authority: Pubkey,
}

impl Sealed for Vault {}
impl IsInitialized for Vault {
    fn is_initialized(&self) -> bool {
        self.is_initialized
    }
}
impl Pack for Vault {
    const LEN: usize = 33;
    fn pack_into_slice(&self, dst: &mut [u8]) {
        dst[0] = self.is_initialized as u8;
        dst[1..33].copy_from_slice(self.authority.as_ref());
    }
    fn unpack_from_slice(src: &[u8]) -> Result<Self, ProgramError> {
        Ok(Vault { is_initialized: src[0] == 1, authority: Pubkey::try_from(&src[1..33]).unwrap() })
    }
}

pub fn initialize(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vault_info = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    if vault_info.owner != program_id || !authority.is_signer {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ruleid: RS-SOL-REINIT
    let mut vault = Vault::unpack_unchecked(&vault_info.try_borrow_data()?)?;
    vault.is_initialized = true;
    vault.authority = *authority.key;
    Vault::pack(vault, &mut vault_info.try_borrow_mut_data()?)?;
    Ok(())
}
