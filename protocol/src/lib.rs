//! The front ends of the Dama engine: the `dama` command line's subcommands ([`commands`]), the
//! Hub protocol ([`hub`]) and the match runner ([`matches`]). The binary (`src/main.rs`) only
//! parses the command line and dispatches; the library form lets the tests and the fuzz
//! harness reach the parsers directly.

#[macro_use]
pub mod terminal;
pub mod annotate;
pub mod commands;
pub mod egdb;
pub mod hub;
pub mod learn;
pub mod matches;
pub mod play;
pub mod variant;
pub mod weights;
