use anchor_lang::prelude::*;
use anchor_spl::token::{Mint, TokenAccount};

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod governance {
    use super::*;

    pub fn vote(ctx: Context<Vote>, yes: bool) -> Result<()> {
        // ok: RS-SOL-DATA-MATCHING
        let weight = ctx.accounts.voter_tokens.amount;
        let proposal = &mut ctx.accounts.proposal;
        if yes {
            proposal.yes = proposal.yes.checked_add(weight).unwrap();
        }
        Ok(())
    }

    pub fn vote_checked(ctx: Context<VoteUnconstrained>) -> Result<()> {
        require_keys_eq!(ctx.accounts.voter_tokens.owner, ctx.accounts.voter.key());
        require_keys_eq!(ctx.accounts.voter_tokens.mint, ctx.accounts.governance_mint.key());
        // ok: RS-SOL-DATA-MATCHING
        ctx.accounts.proposal.yes += ctx.accounts.voter_tokens.amount;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Vote<'info> {
    pub voter: Signer<'info>,
    #[account(token::authority = voter, token::mint = governance_mint)]
    pub voter_tokens: Account<'info, TokenAccount>,
    pub governance_mint: Account<'info, Mint>,
    #[account(mut)]
    pub proposal: Account<'info, Proposal>,
}

#[derive(Accounts)]
pub struct VoteUnconstrained<'info> {
    pub voter: Signer<'info>,
    pub voter_tokens: Account<'info, TokenAccount>,
    pub governance_mint: Account<'info, Mint>,
    #[account(mut)]
    pub proposal: Account<'info, Proposal>,
}

#[account]
pub struct Proposal {
    pub yes: u64,
}
