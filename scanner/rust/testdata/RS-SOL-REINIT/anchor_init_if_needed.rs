use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod profiles {
    use super::*;

    pub fn create_profile(ctx: Context<CreateProfile>, handle: String) -> Result<()> {
        let profile = &mut ctx.accounts.profile;
        profile.authority = ctx.accounts.payer.key();
        profile.handle = handle;
        profile.reputation = 0;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct CreateProfile<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    #[account(init_if_needed, payer = payer, space = 8 + 32 + 4 + 32 + 8, seeds = [b"profile", payer.key().as_ref()], bump)]
    // ruleid: RS-SOL-REINIT
    pub profile: Account<'info, Profile>,
    pub system_program: Program<'info, System>,
}

#[account]
pub struct Profile {
    pub authority: Pubkey,
    pub handle: String,
    pub reputation: u64,
}
