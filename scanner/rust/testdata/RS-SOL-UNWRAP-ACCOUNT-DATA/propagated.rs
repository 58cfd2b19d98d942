use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Game {
    pub round: u32,
}

pub fn next_round(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let game_info = next_account_info(iter)?;
    if game_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ok: RS-SOL-UNWRAP-ACCOUNT-DATA
    let mut game = Game::try_from_slice(&game_info.data.borrow())?;
    // ok: RS-SOL-UNWRAP-ACCOUNT-DATA
    game.round = game.round.checked_add(1).unwrap();
    game.serialize(&mut &mut game_info.try_borrow_mut_data()?[..])?;
    Ok(())
}
