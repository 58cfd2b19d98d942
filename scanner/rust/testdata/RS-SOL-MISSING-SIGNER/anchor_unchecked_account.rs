use anchor_lang::prelude::*;

declare_id!("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin");

#[program]
pub mod vault_admin {
    use super::*;

    pub fn pause(ctx: Context<Pause>) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        vault.paused = true;
        Ok(())
    }

    pub fn rotate(ctx: Context<Rotate>, next: Pubkey) -> Result<()> {
        ctx.accounts.vault.owner = next;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Pause<'info> {
    #[account(mut, has_one = owner)]
    pub vault: Box<Account<'info, Vault>>,
    /// CHECK: only its key is read
    // ruleid: RS-SOL-MISSING-SIGNER
    pub owner: UncheckedAccount<'info>,
}

#[derive(Accounts)]
pub struct Rotate<'info> {
    #[account(mut, has_one = owner)]
    pub vault: Account<'info, Vault>,
    // ok: RS-SOL-MISSING-SIGNER
    pub owner: Signer<'info>,
}

#[account]
pub struct Vault {
    pub owner: Pubkey,
    pub paused: bool,
}
