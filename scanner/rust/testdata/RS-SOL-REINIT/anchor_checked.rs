use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod profiles {
    use super::*;

    pub fn create_profile(ctx: Context<CreateProfile>, handle: String) -> Result<()> {
        let profile = &mut ctx.accounts.profile;
        require!(profile.authority == Pubkey::default(), ProfileError::AlreadyCreated);
        profile.authority = ctx.accounts.payer.key();
        profile.handle = handle;
        Ok(())
    }

    pub fn visit(ctx: Context<Visit>) -> Result<()> {
        ctx.accounts.counter.visits += 1;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct CreateProfile<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    // ok: RS-SOL-REINIT
    #[account(init_if_needed, payer = payer, space = 8 + 32 + 4 + 32, seeds = [b"profile", payer.key().as_ref()], bump)]
    pub profile: Account<'info, Profile>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct Visit<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    // ok: RS-SOL-REINIT
    #[account(init_if_needed, payer = payer, space = 8 + 8, seeds = [b"visits", payer.key().as_ref()], bump)]
    pub counter: Account<'info, Counter>,
    pub system_program: Program<'info, System>,
}

#[account]
pub struct Profile {
    pub authority: Pubkey,
    pub handle: String,
}

#[account]
pub struct Counter {
    pub visits: u64,
}

#[error_code]
pub enum ProfileError {
    AlreadyCreated,
}
