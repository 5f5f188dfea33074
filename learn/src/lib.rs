//! # dama-learn
//!
//! The pipeline behind Dama's learned evaluations (docs/learning.md), written once for every game
//! ([`game::TrainingGame`]: a game brings its features, how a record stores its positions and its
//! openings):
//! - [`selfplay`] plays fast games of the engine against itself from the game's openings and
//!   keeps every quiet position with its search score and the game's result;
//! - [`data`] is the file format of those positions (documented there);
//! - [`merge`] joins the files of a run's shards into the file of one run;
//! - [`relabel`] searches a file's positions again, deeper and with the endgame tables;
//! - [`tune`] fits the weights of the game's features ([`dama_engine::learned`]) to the data;
//! - [`network`] trains a small network ([`dama_engine::network`]) on top of fixed weights;
//! - [`stopping`] keeps the epoch with the lowest validation loss and stops a run that stalls.
//!
//! No terminal I/O: progress goes through callbacks, and the `dama selfplay` and `dama tune`
//! commands show it.

pub mod data;
pub mod game;
pub mod merge;
pub mod network;
pub mod relabel;
pub mod selfplay;
pub mod stopping;
pub mod tune;
