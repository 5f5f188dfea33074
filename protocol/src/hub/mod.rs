//! `dama hub`: the Hub protocol (version 2, the protocol of the Scan draughts engine) on standard
//! input and output, for Dama Italiana, English, International, Russian and Brazilian draughts
//! (the `variant` param); documented for users in the README ("Hub protocol"). The line syntax
//! both ways is `dama_frontend::hub_syntax`, shared with the match runner.
//!
//! The pieces, one idea each: [`session`] (the state machine), [`event`] (what it reacts to),
//! [`command`] (text to a typed command), [`response`] (typed responses to text), [`params`] (the
//! settings), [`rules`] (what differs between the games), [`board`] (the game and searcher of the
//! variant in force), [`game`] (`pos` to a position and its history), [`reader`] (the stdin
//! thread), [`search`] (the search thread), [`tables`] (the transposition and endgame tables),
//! [`output`] and [`logger`].

pub mod board;
pub mod command;
pub mod event;
pub mod game;
pub mod logger;
pub mod output;
pub mod params;
pub mod reader;
pub mod response;
pub mod rules;
pub mod search;
pub mod session;
pub mod tables;

use clap::Args;
use output::Output;
use params::Settings;
use session::Session;
use std::path::PathBuf;

/// Arguments of `dama hub`.
#[derive(Args, Debug)]
pub struct HubArgs {
    /// Append a log of the session to this file (the level is RUST_LOG if it is a plain level,
    /// else debug). Nothing is ever written to stderr in Hub mode.
    #[arg(long, value_name = "FILE")]
    log_file: Option<PathBuf>,
    /// Start with the opening book off (the `book` param can turn it on again).
    #[arg(long)]
    no_book: bool,
}

/// Runs the Hub protocol until `quit`, the end of input or a failed write.
pub fn run(args: &HubArgs) -> Result<(), String> {
    logger::install();
    let (sender, receiver) = std::sync::mpsc::channel();
    let output = Output::stdout(sender.clone());
    let mut settings =
        Settings { book: !args.no_book, book_given: args.no_book, ..Settings::default() };
    let mut log_error = None;
    if let Some(path) = &args.log_file {
        match logger::log_to(Some(path)) {
            Ok(()) => settings.log_file = Some(path.clone()),
            Err(message) => log_error = Some(format!("--log-file: {message}")),
        }
    }
    log::info!("dama {} in Hub mode", env!("CARGO_PKG_VERSION"));
    reader::spawn(sender.clone());
    let mut session = Session::new(output, sender, settings);
    if let Some(message) = log_error {
        session.report_at_first_command(message);
    }
    session.run(receiver);
    Ok(())
}
