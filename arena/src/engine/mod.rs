//! The engines of a match, whatever they speak: the Hub protocol ([`hub`], version 2: Dama, Scan
//! 3.x, pydraughts' engines), the first Hub protocol ([`hub1`]: Scan 1.x and 2.x) and DXP
//! ([`dxp`]: DamExchange over TCP, the protocol of 10x10 tournaments, Dama joining the engine as
//! the initiator). The referee sees one interface, [`Transport`]: a game starts, the engine is
//! asked for moves, the game ends; each client turns that into its protocol. [`process`] is an
//! engine's process and its standard output, [`EngineSlot`] the engine of one side of a worker,
//! restarted after it forfeits.

pub mod dxp;
mod dxp_wire;
pub mod hub;
pub mod hub1;
pub mod process;

use super::config::Limit;
use super::game_end::GameResult;
pub use super::spec::{mirrors, same_engines, EngineIdentity, EngineProtocol, EngineSpec};
use dama_engine::color::Color;
use std::time::Duration;

/// What one search asks for.
#[derive(Clone, Debug)]
pub struct SearchRequest<'a> {
    /// The Hub string of the game's initial position (before the opening moves).
    pub position: &'a str,
    /// Every move since that position, in Hub notation.
    pub moves: &'a [String],
    /// The match's limit.
    pub limit: &'a Limit,
    /// What is on the mover's clock, in seconds (under a clock).
    pub clock: f64,
    /// Under a moves-in-minutes clock, the mover's moves left in the period, this one included.
    pub moves_to_go: Option<u32>,
    /// How long to wait for the move before giving up.
    pub patience: Duration,
}

/// A game about to start, as an engine is told it.
#[derive(Clone, Debug)]
pub struct GameStart<'a> {
    /// The Hub string of the game's initial position.
    pub position: &'a str,
    /// The opening's moves from there, in Hub notation.
    pub moves: &'a [String],
    /// The Hub string of the position after them, where the engines take over.
    pub current: &'a str,
    /// The colour this engine plays.
    pub color: Color,
    /// How long to wait for an answer.
    pub patience: Duration,
}

/// A game that ended, as an engine is told it.
#[derive(Clone, Debug)]
pub struct GameOver<'a> {
    /// Every move of the game from its initial position, in Hub notation.
    pub moves: &'a [String],
    /// Its result.
    pub result: GameResult,
    /// The colour this engine played.
    pub color: Color,
    /// How long to wait for an acknowledgement.
    pub patience: Duration,
}

/// An answer to a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The move as the engine wrote it (Hub notation), not yet checked.
    pub move_text: String,
    /// Wall time of the move: from asking (or, over DXP, from sending the other side's move) to
    /// the answer arriving.
    pub elapsed: Duration,
    /// The last score the engine reported, in men from the mover's side.
    pub score: Option<f64>,
    /// The last depth it reported.
    pub depth: Option<u32>,
    /// The last search time it reported, its own measure of its search.
    pub reported_time: Option<f64>,
}

/// How an engine ended the game itself instead of moving (a DXP game end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// It gave up: it has lost.
    Resigns,
    /// It claims a draw.
    Draw,
    /// It claims to have won.
    Wins,
    /// It ended the game without saying why.
    Unknown,
}

/// Why a search gave no move.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchFailure {
    /// The process ended; the text says how.
    Exited(String),
    /// The connection (DXP) broke or was closed; the text says how.
    Disconnected(String),
    /// No move within the patience.
    NoAnswer(Duration),
    /// An answer that does not read as a move, or a message out of place.
    Malformed(String),
    /// The engine ended the game instead of moving.
    Claimed(Claim),
    /// The engine refused the game (a DXP game request declined); the text says why.
    Refused(String),
    /// The user interrupted the match (Ctrl-C) while waiting.
    Interrupted,
}

impl SearchFailure {
    /// The failure as a sentence, for start-up errors (`stage`: what was awaited).
    pub fn explain(&self, stage: &str) -> String {
        match self {
            SearchFailure::NoAnswer(t) => format!("no '{stage}' within {:.1} s", t.as_secs_f64()),
            SearchFailure::Exited(how) | SearchFailure::Disconnected(how) => {
                format!("{how} before '{stage}'")
            }
            SearchFailure::Malformed(line) => format!("bad answer before '{stage}': {line}"),
            SearchFailure::Claimed(claim) => format!("a game end ({claim:?}) before '{stage}'"),
            SearchFailure::Refused(why) => why.clone(),
            SearchFailure::Interrupted => "interrupted".to_string(),
        }
    }
}

/// One engine as the referee drives it, whatever its protocol.
pub trait Transport: Send {
    /// What the engine said about itself.
    fn identity(&self) -> &EngineIdentity;

    /// A check before the match that the engine plays the games asked for (over DXP, a game
    /// proposed and ended at once); the start-up handshake is check enough for the Hub.
    fn check(&mut self, _patience: Duration) -> Result<(), String> {
        Ok(())
    }

    /// Tells the engine that a game starts.
    fn new_game(&mut self, start: &GameStart) -> Result<(), SearchFailure>;

    /// Asks for a move in the position `request` describes.
    fn think(&mut self, request: &SearchRequest) -> Result<Reply, SearchFailure>;

    /// Tells the engine that the game is over (over DXP: the last move and a game end).
    fn game_over(&mut self, _over: &GameOver) -> Result<(), SearchFailure> {
        Ok(())
    }

    /// The last error the engine reported, if any (cleared by reading it).
    fn take_last_error(&mut self) -> Option<String>;

    /// Says goodbye and lets the engine exit.
    fn quit(self: Box<Self>);
}

/// Starts the engine `spec` describes and performs its protocol's start-up; `patience` bounds
/// each wait.
pub fn launch(spec: &EngineSpec, patience: Duration) -> Result<Box<dyn Transport>, String> {
    Ok(match &spec.protocol {
        EngineProtocol::Hub => Box::new(hub::HubEngine::start(spec, patience)?),
        EngineProtocol::Hub1 => Box::new(hub1::Hub1Engine::start(spec, patience)?),
        EngineProtocol::Dxp(dxp) => Box::new(dxp::DxpEngine::start(spec, dxp, patience)?),
    })
}

/// One engine of a worker: its spec and, while it runs, its process or connection. An engine
/// that forfeited a game is dropped (killed, disconnected) and started afresh for the next game.
pub struct EngineSlot {
    spec: EngineSpec,
    engine: Option<Box<dyn Transport>>,
}

impl EngineSlot {
    /// A slot that starts its engine when first needed.
    pub fn new(spec: EngineSpec) -> EngineSlot {
        EngineSlot { spec, engine: None }
    }

    /// Starts the engine if needed, then tells it that a game starts (a new engine too, before
    /// its first game). An engine that does not take the news (gone, silent) is started afresh
    /// once; one that refuses the game is not.
    pub fn prepare_game(&mut self, start: &GameStart) -> Result<(), String> {
        if let Some(engine) = &mut self.engine {
            match engine.new_game(start) {
                Ok(()) => return Ok(()),
                Err(SearchFailure::Refused(why)) => return Err(why),
                Err(SearchFailure::Interrupted) => return Err("interrupted".to_string()),
                Err(_) => self.engine = None,
            }
        }
        let mut engine = launch(&self.spec, start.patience)?;
        engine.new_game(start).map_err(|failure| failure.explain("the game's start"))?;
        self.engine = Some(engine);
        Ok(())
    }

    /// The running engine (after [`EngineSlot::prepare_game`]).
    pub fn engine(&mut self) -> &mut dyn Transport {
        self.engine.as_deref_mut().expect("prepare_game starts the engine")
    }

    /// Tells a running engine that the game is over; one that fails to take it is dropped.
    pub fn game_over(&mut self, over: &GameOver) {
        if let Some(engine) = &mut self.engine {
            if engine.game_over(over).is_err() {
                self.engine = None;
            }
        }
    }

    /// Kills the engine (or drops its connection); the next game starts a new one.
    pub fn discard(&mut self) {
        self.engine = None;
    }

    /// Says goodbye and lets the engine exit.
    pub fn shut_down(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.quit();
        }
    }
}
