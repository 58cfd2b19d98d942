use anchor_lang::prelude::*;
use anchor_spl::token::{Mint, TokenAccount};

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod governance {
    use super::*;

    pub fn vote(ctx: Context<Vote>, yes: bool) -> Result<()> {
        // ruleid: RS-SOL-DATA-MATCHING
        let weight = ctx.accounts.voter_tokens.amount;
        let proposal = &mut ctx.accounts.proposal;
        if yes {
            proposal.yes = proposal.yes.checked_add(weight).unwrap();
        } else {
            proposal.no = proposal.no.checked_add(weight).unwrap();
        }
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Vote<'info> {
    pub voter: Signer<'info>,
    pub voter_tokens: Account<'info, TokenAccount>,
    pub governance_mint: Account<'info, Mint>,
    #[account(mut)]
    pub proposal: Account<'info, Proposal>,
}

#[account]
pub struct Proposal {
    pub yes: u64,
    pub no: u64,
}
