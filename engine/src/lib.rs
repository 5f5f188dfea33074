//! # dama-engine
//!
//! The rules of five games of draughts and the one search that plays them. No I/O and no global
//! mutable state.
//!
//! - **The games**, folders of equal standing, each with its positions, FEN, notation, move
//!   generator, evaluation and [`rules::Rules`] implementation: [`italian`] (Dama Italiana, FID
//!   rules), [`english`] (English draughts), [`international`] (International draughts, 10x10)
//!   and [`flying8`] (Russian and Brazilian draughts, the 8x8 games with flying kings: one
//!   folder, two rule sets).
//! - **What the games share**: the [`rules::Rules`] trait and the move and position text written
//!   once over it ([`movetext`]); the game's history, repetitions and move counts ([`history`]);
//!   scores ([`score`]); endgame tables as the rules see them ([`tables`]); the learned
//!   evaluation's model and weights file, over a game's features ([`learned`]), and its pattern
//!   windows on any board ([`patterns`]); PDN ([`pdn`]); the
//!   games by name ([`variant`]); the sides ([`color`]); the fixed-capacity move list
//!   ([`movelist`]); quoting input in messages ([`excerpt`]); and the 8x8 board that Italian,
//!   English, Russian and Brazilian play on ([`board8`]: squares, bit sets, pieces, positions,
//!   moves, Zobrist keys, FEN).
//! - **The search** ([`search`]), written once over [`rules::Rules`] and compiled for each game.
//!
//! ```
//! use dama_engine::board8::fen::parse_fen;
//! use dama_engine::board8::position::Position;
//! use dama_engine::color::Color;
//! use dama_engine::italian::notation::path_notation;
//! use dama_engine::italian::{perft, PathMode};
//!
//! let start = Position::start();
//! let moves: Vec<String> = start.legal_moves().iter().map(path_notation).collect();
//! assert_eq!(moves.len(), 7);
//! assert_eq!(perft(&start, 4, PathMode::Unique), 1469);
//!
//! // A man can never capture a king (Art. 5.3): White's only move is a step.
//! let p = parse_fen("W:W22:BK18").unwrap();
//! let only = p.legal_moves()[0];
//! assert_eq!(path_notation(&only), "22-19");
//! let next = p.play(&only);
//! assert_eq!(next.side_to_move(), Color::Black);
//! ```

pub mod board8;
pub mod color;
pub mod english;
pub mod excerpt;
pub mod flying8;
pub mod history;
pub mod international;
pub mod italian;
pub mod learned;
pub mod movelist;
pub mod movetext;
pub mod network;
pub mod patterns;
pub mod pdn;
pub mod rules;
pub mod score;
pub mod search;
pub mod tables;
pub mod variant;
