use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod vault {
    use super::*;

    pub fn deposit(ctx: Context<Update>, amount: u64) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        // ruleid: RS-SOL-UNCHECKED-MATH
        vault.total = vault.total + amount;
        // ruleid: RS-SOL-UNCHECKED-MATH
        ctx.accounts.user.deposited += amount;
        Ok(())
    }

    pub fn withdraw(ctx: Context<Update>, amount: u64) -> Result<()> {
        // ruleid: RS-SOL-UNCHECKED-MATH
        ctx.accounts.user.deposited -= amount;
        // ok: RS-SOL-UNCHECKED-MATH
        ctx.accounts.vault.total = ctx.accounts.vault.total.checked_sub(amount).ok_or(VaultError::Underflow)?;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Update<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub vault: Account<'info, Vault>,
    #[account(mut, has_one = owner)]
    pub user: Account<'info, UserState>,
}

#[account]
pub struct Vault {
    pub total: u64,
}

#[account]
pub struct UserState {
    pub owner: Pubkey,
    pub deposited: u64,
}

#[error_code]
pub enum VaultError {
    Underflow,
}
