//! The `dama` program: the Hub protocol ([`hub`]), the command line's own subcommands
//! ([`commands`]: moves, perft, analyze, bench, book) and the front ends it runs, each a folder
//! with one entry point: [`annotate`], [`play`], [`learn`] (selfplay and tune), [`egdb`], [`dxp`]
//! (the DamExchange protocol). The match runner is the crate `dama-arena`; what the front ends
//! share is `dama-frontend`. The binary (`src/main.rs`) only parses the command line and
//! dispatches; the library form lets the tests and the fuzz harness reach the parsers directly.
//! Only this crate reads stdin and writes stdout ([`terminal`], the Hub's own output).

#[macro_use]
pub mod terminal;
pub mod annotate;
pub mod commands;
pub mod dxp;
pub mod egdb;
pub mod games;
pub mod hub;
pub mod learn;
pub mod play;
pub mod serve;
