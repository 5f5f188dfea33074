//! # dama-learn
//!
//! The pipeline behind Dama's learned evaluation (docs/learning.md):
//! - [`selfplay`] plays fast games of the engine against itself from the three-move ballots and
//!   keeps every quiet position with its search score and the game's result;
//! - [`data`] is the file format of those positions (documented there);
//! - [`tune`] fits the weights of [`dama_engine::italian::eval::learned`] to the data.
//!
//! No terminal I/O: progress goes through callbacks, and the `dama selfplay` and `dama tune`
//! commands show it.

pub mod data;
pub mod selfplay;
pub mod tune;
