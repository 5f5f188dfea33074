//! `dama play`: a game against the engine in the terminal, in any of the five games
//! (`--variant`, or the `GameType` of the PDN game resumed). The board after each move in the
//! game's numbering and orientation, moves typed in the game's notation (`22-18`, `22x13`,
//! `22x13x6`, the Hub form), a clear message with the legal moves for an illegal one, and
//! commands: `moves`, `undo`, `flip`, `skill N`, `time S`, `save FILE`, `new`, `help`, `quit`.
//! Starts from the game's start position, a FEN or a PDN game. The game is a
//! [`crate::games::Session`] with its searcher and the endgame tables of the default directory
//! where the game has them; it ends as [`crate::games::Game::end`] says.

mod board;
mod player;
mod start;

use clap::{Args, ValueEnum};
use dama_engine::color::Color;
use dama_engine::search::skill::MAX_SKILL;
use dama_engine::search::Searcher;
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use player::{Player, Settings};
use start::PdnChoice;
use std::io::BufRead;
use std::path::PathBuf;

use crate::games::{dispatch, EvalAsk, GameRules, Session, WithGame};

/// The side the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

/// Arguments of `dama play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: italian (the default), english, international, russian or brazilian; with --pdn,
    /// the game's GameType when not given.
    #[arg(long, value_parser = variant_parser())]
    variant: Option<Variant>,
    /// Start from this position (PDN FEN of the game) instead of the start.
    #[arg(long, conflicts_with = "pdn")]
    fen: Option<String>,
    /// Resume a game from a PDN file (its last game, or --game N).
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// Which game of the PDN file (from 1).
    #[arg(long, requires = "pdn")]
    game: Option<usize>,
    /// The side you play (default: the side that moves first in the game, White; Black in
    /// English draughts).
    #[arg(long, value_enum)]
    color: Option<Side>,
    /// The engine's strength, 1 (weakest) to 20 (full strength).
    #[arg(long, default_value_t = MAX_SKILL, value_parser = clap::value_parser!(u8).range(1..=20))]
    skill: u8,
    /// The engine's time per move in seconds.
    #[arg(long, default_value_t = 1.0)]
    movetime: f64,
    /// Do not play the opening book's moves (Italian; International plays none by default).
    #[arg(long)]
    no_book: bool,
    /// Save the game to this PDN file when it ends or you quit.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Turn the board: Black at the bottom.
    #[arg(long)]
    flip: bool,
}

/// The most pieces of the endgame tables probed (those of the default directory, never built).
const MAX_TABLE_PIECES: u32 = 6;

/// Runs `dama play`, reading the player's lines from standard input.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    if !(args.movetime.is_finite() && args.movetime > 0.0 && args.movetime <= 3600.0) {
        return Err(format!(
            "--movetime must be a number of seconds from 0 to 3600, got {}",
            args.movetime
        ));
    }
    let file = args.pdn.as_ref().map(|path| path.display().to_string()).unwrap_or_default();
    let text = match &args.pdn {
        Some(path) => {
            Some(std::fs::read_to_string(path).map_err(|e| format!("cannot read '{file}': {e}"))?)
        }
        None => None,
    };
    let pdn = match &text {
        Some(text) => Some(start::choose_pdn_game(text, args.game, &file)?),
        None => None,
    };
    let variant = args.variant.or(pdn.as_ref().and_then(|p| p.variant)).unwrap_or_default();
    dispatch(variant, Play { args, pdn: pdn.as_ref(), file: &file })
}

struct Play<'a> {
    args: &'a PlayArgs,
    pdn: Option<&'a PdnChoice<'a>>,
    file: &'a str,
}

impl WithGame for Play<'_> {
    type Output = Result<(), String>;
    fn with<R: GameRules>(self) -> Self::Output {
        play::<R>(self.args, self.pdn, self.file)
    }
}

/// `dama play` in the game `R`.
fn play<R: GameRules>(args: &PlayArgs, pdn: Option<&PdnChoice>, file: &str) -> Result<(), String> {
    let game = start::starting_game::<R>(args.fen.as_deref(), pdn, file)?;
    let mut searcher = Searcher::<R>::committed(64, 1).map_err(|e| e.to_string())?;
    searcher.set_eval(R::eval(EvalAsk { name: None, weights: None, italian: None })?);
    let mut session = Session::new(game);
    session.put_searcher(searcher);
    session.open_tables(None, MAX_TABLE_PIECES, true)?;
    let human = match args.color {
        Some(Side::White) => Color::White,
        Some(Side::Black) => Color::Black,
        None => R::FIRST_TO_MOVE,
    };
    let settings = Settings {
        human,
        skill: args.skill,
        movetime: args.movetime,
        flipped: args.flip,
        book: !args.no_book,
        save: args.save.clone(),
    };
    let mut player = Player::new(session, settings);
    say!(
        "Dama: {}; you play {}; 'help' lists the commands.",
        R::VARIANT.title(),
        if human == Color::White { "White" } else { "Black" }
    );
    player.show();
    player.engine_moves();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        crate::terminal::out_text("> ");
        let Some(Ok(line)) = lines.next() else { break };
        if !player.line(&line) {
            break;
        }
    }
    player.save();
    say!("bye");
    Ok(())
}
