//! # dama-frontend
//!
//! What Dama's front ends share, one file per idea: the Hub protocol's line syntax, spoken by
//! `dama hub` and sent by the match runner ([`hub_syntax`]); the DXP messages and their framing,
//! spoken by `dama dxp` and by the match runner to DXP engines ([`dxp`]); text files ([`files`]);
//! Ctrl-C ([`interrupt`]); the `--variant` argument ([`variant_arg`]); and `--shard I/N`, a job's
//! share ([`shard`]). No front end reaches into another's files for these.

pub mod dxp;
pub mod files;
pub mod hub_syntax;
pub mod interrupt;
pub mod shard;
pub mod variant_arg;
