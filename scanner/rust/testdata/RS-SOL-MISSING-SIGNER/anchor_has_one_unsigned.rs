use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod fee_config {
    use super::*;

    pub fn set_fee(ctx: Context<SetFee>, fee_bps: u16) -> Result<()> {
        require!(fee_bps <= 10_000, FeeError::TooHigh);
        ctx.accounts.config.fee_bps = fee_bps;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct SetFee<'info> {
    #[account(mut, has_one = admin @ FeeError::NotAdmin)]
    pub config: Account<'info, Config>,
    /// CHECK: compared with config.admin by has_one
    // ruleid: RS-SOL-MISSING-SIGNER
    pub admin: AccountInfo<'info>,
}

#[account]
pub struct Config {
    pub admin: Pubkey,
    pub fee_bps: u16,
}

#[error_code]
pub enum FeeError {
    TooHigh,
    NotAdmin,
}

#[derive(Accounts)]
pub struct Withdraw<'info> {
    #[account(mut, has_one = config, has_one = recipient)]
    pub stream: Account<'info, Stream>,
    pub config: Account<'info, Config>,
    /// CHECK: has_one
    // ruleid: RS-SOL-MISSING-SIGNER
    pub recipient: UncheckedAccount<'info>,
}

#[derive(Accounts)]
pub struct Rotate<'info> {
    #[account(mut, constraint = config.admin == admin.key() @ FeeError::NotAdmin)]
    pub config: Account<'info, Config>,
    /// CHECK: compared in the constraint
    // ruleid: RS-SOL-MISSING-SIGNER
    pub admin: AccountInfo<'info>,
}

#[account]
pub struct Stream {
    pub config: Pubkey,
    pub recipient: Pubkey,
}
