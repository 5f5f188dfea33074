//! The referee: plays one game between two engines, checking every move with Dama's own rules.
//!
//! The game ends when the side to move has no legal move (it loses), on the third occurrence of a
//! position or the 40-move count (draws, `GameHistory::is_draw`), at `--max-plies` (a draw by
//! adjudication), by agreement of the engines' scores when asked for, when an engine resigns (a
//! DXP game end saying it loses), or when an engine forfeits: an illegal or malformed move, a
//! false claim (a DXP game end claiming a result the rules do not give), a loss on time, no
//! answer (a hang), an exit (a crash) or a lost connection. Each engine still running is told
//! the game is over.

use super::config::{GameRules, Limit};
use super::engine::{Claim, EngineSlot, GameOver, GameStart, Reply, SearchFailure, SearchRequest};
use super::game_end::{color_index, game_over};
pub use super::game_end::{GameResult, Termination};
use super::openings::{GameSlot, Opening};
use super::stats::Outcome;
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_frontend::interrupt;
use std::time::{Duration, Instant};

/// A move of the game: an opening move (no reply) or an engine's.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove<R: Rules = Italian> {
    /// The move.
    pub mv: R::Move,
    /// The engine's answer, for engine moves.
    pub reply: Option<Reply>,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<R: Rules = Italian> {
    /// Its place in the schedule.
    pub slot: GameSlot,
    /// The position the record starts from.
    pub start: R::Position,
    /// Every move, the opening's first.
    pub moves: Vec<PlayedMove<R>>,
    /// The result.
    pub result: GameResult,
    /// How it ended.
    pub termination: Termination,
    /// The details, e.g. the illegal move and why it is illegal.
    pub detail: String,
    /// The engine (0 first, 1 second) at fault in a forfeit.
    pub offender: Option<usize>,
    /// Wall time of the whole game.
    pub wall_time: Duration,
    /// Wall time from `go think` to `done`, summed over engine moves.
    pub search_time: Duration,
    /// The engines' own reported search time (`info time=`), summed where reported.
    pub reported_time: f64,
    /// Moves made by engines.
    pub engine_moves: usize,
    /// Each engine's (0 first, 1 second) moves and their wall time from `go think` to `done`.
    pub engine_time: [EngineTime; 2],
}

/// One engine's moves of a game and their summed wall time from `go think` to `done`: what a
/// referee charges, so that a match can show that both engines had the same time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EngineTime {
    /// Moves made.
    pub moves: usize,
    /// Their summed wall time.
    pub search: Duration,
}

impl<R: Rules> GameRecord<R> {
    /// The outcome for the first engine.
    pub fn outcome(&self) -> Outcome {
        let first_is_white = self.slot.first_engine_white;
        match self.result {
            GameResult::Draw => Outcome::Draw,
            GameResult::WhiteWins if first_is_white => Outcome::Win,
            GameResult::BlackWins if !first_is_white => Outcome::Win,
            _ => Outcome::Loss,
        }
    }

    /// What the score of the match takes from the game.
    pub fn score(&self) -> GameScore {
        GameScore {
            slot: self.slot,
            outcome: self.outcome(),
            termination: self.termination,
            offender: self.offender,
            engine_moves: self.engine_moves,
            search_time: self.search_time,
            reported_time: self.reported_time,
            wall_time: self.wall_time,
            engine_time: Some(self.engine_time),
        }
    }

    /// The engine (0 or 1) that played `color`.
    pub fn engine_of(&self, color: Color) -> usize {
        usize::from(self.slot.first_engine_white == (color == Color::Black))
    }
}

/// What the score of a match takes from a game: enough to count it again without its moves (a
/// shard's result file holds this for each of its games).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameScore {
    /// Its place in the schedule.
    pub slot: GameSlot,
    /// The outcome for the first engine.
    pub outcome: Outcome,
    /// How it ended.
    pub termination: Termination,
    /// The engine (0 first, 1 second) at fault in a forfeit.
    pub offender: Option<usize>,
    /// Moves made by engines.
    pub engine_moves: usize,
    /// Wall time from `go think` to `done`, summed over engine moves.
    pub search_time: Duration,
    /// The engines' own reported search time, summed where reported.
    pub reported_time: f64,
    /// Wall time of the whole game.
    pub wall_time: Duration,
    /// Each engine's share of the moves and their time (`None` from a shard file written before
    /// the referee kept it).
    pub engine_time: Option<[EngineTime; 2]>,
}

/// The game in progress: the position, its history and the record so far.
struct Game<R: Rules> {
    record: GameRecord<R>,
    position: R::Position,
    history: GameHistory,
    hub_start: String,
    hub_moves: Vec<String>,
    started: Instant,
}

impl<R: Rules> Game<R> {
    fn play(&mut self, mv: R::Move, reply: Option<Reply>) {
        self.hub_moves.push(R::hub_text(&self.position, &mv));
        let next = R::play(&self.position, &mv);
        self.history.push_move::<R>(&self.position, &mv, &next);
        self.position = next;
        self.record.moves.push(PlayedMove { mv, reply });
    }

    fn finish(
        mut self,
        result: GameResult,
        termination: Termination,
        detail: String,
        offender: Option<usize>,
    ) -> Game<R> {
        self.record.result = result;
        self.record.termination = termination;
        self.record.detail = detail;
        self.record.offender = offender;
        self.record.wall_time = self.started.elapsed();
        self
    }
}

/// Checks an answer of engine `index`: its clock, then its move.
fn judge<R: Rules>(
    rules: &GameRules,
    index: usize,
    clock: &mut f64,
    reply: &Reply,
    position: &R::Position,
) -> Result<R::Move, (Termination, String)> {
    if let Limit::Clock { increment, .. } = *rules.limit_of(index) {
        let used = reply.elapsed.as_secs_f64();
        let had = *clock + increment;
        *clock = (had - used).max(0.0);
        if had - used < -rules.time_margin.as_secs_f64() {
            return Err((Termination::TimeForfeit, format!("used {used:.3} s of {had:.3} s")));
        }
    }
    R::parse_move(position, &reply.move_text).map_err(|e| (Termination::IllegalMove, e))
}

/// The colour engine `index` (0 the first engine) plays in the game `slot`.
fn color_of(slot: GameSlot, index: usize) -> Color {
    if (index == 0) == slot.first_engine_white {
        Color::White
    } else {
        Color::Black
    }
}

/// The referee's verdict on an engine's game end in place of a move (the rules, checked before
/// the engine was asked, give no end there): a resignation loses; any other claim is false.
fn judge_claim(claim: Claim) -> (Termination, String) {
    match claim {
        Claim::Resigns => (Termination::Resignation, "resigned".to_string()),
        Claim::Draw => (
            Termination::FalseClaim,
            "claimed a draw the rules do not give (no repetition, move count or endgame count)"
                .to_string(),
        ),
        Claim::Wins => (
            Termination::FalseClaim,
            "claimed a win the rules do not give (the other side has a move)".to_string(),
        ),
        Claim::Unknown => (Termination::FalseClaim, "ended the game without a result".to_string()),
    }
}

/// Plays one game: `engines[0]` is the first engine, `engines[1]` the second. Each engine still
/// running at the end is told the game is over.
pub fn play_game<R: Rules>(
    engines: &mut [EngineSlot; 2],
    slot: GameSlot,
    opening: &Opening<R>,
    rules: &GameRules,
) -> GameRecord<R> {
    let game = play(engines, slot, opening, rules);
    if game.record.termination != Termination::Interrupted {
        for (index, engine) in engines.iter_mut().enumerate() {
            engine.game_over(&GameOver {
                moves: &game.hub_moves,
                result: game.record.result,
                color: color_of(slot, index),
                patience: rules.patience,
            });
        }
    }
    game.record
}

/// Plays one game to its end.
fn play<R: Rules>(
    engines: &mut [EngineSlot; 2],
    slot: GameSlot,
    opening: &Opening<R>,
    rules: &GameRules,
) -> Game<R> {
    let record = GameRecord {
        slot,
        start: opening.start,
        moves: Vec::new(),
        result: GameResult::Draw,
        termination: Termination::NoLegalMove,
        detail: String::new(),
        offender: None,
        wall_time: Duration::ZERO,
        search_time: Duration::ZERO,
        reported_time: 0.0,
        engine_moves: 0,
        engine_time: [EngineTime::default(); 2],
    };
    let mut game = Game {
        record,
        position: opening.start,
        history: GameHistory::start::<R>(&opening.start, rules.quiet_ply_limit),
        hub_start: R::to_hub_position(&opening.start),
        hub_moves: Vec::new(),
        started: Instant::now(),
    };
    for &mv in &opening.moves {
        game.play(mv, None);
    }
    // The engine that moves first is told last: over DXP its clock starts with the news.
    let current = R::to_hub_position(&game.position);
    let first = game.record.engine_of(R::side_to_move(&game.position));
    for index in [1 - first, first] {
        let start = GameStart {
            position: &game.hub_start,
            moves: &game.hub_moves,
            current: &current,
            color: color_of(slot, index),
            patience: rules.patience,
        };
        if let Err(message) = engines[index].prepare_game(&start) {
            if interrupt::requested() {
                return game.finish(GameResult::Draw, Termination::Interrupted, message, None);
            }
            let result = GameResult::win_for(color_of(slot, index).opposite());
            return game.finish(result, Termination::StartFailure, message, Some(index));
        }
    }
    let clock_of = |index| match *rules.limit_of(index) {
        Limit::Clock { base, moves, .. } => (base, moves),
        _ => (0.0, None),
    };
    let (base, period) = ([clock_of(0).0, clock_of(1).0], [clock_of(0).1, clock_of(1).1]);
    let mut clocks = base;
    // Moves each engine has made: under a moves-in-minutes clock the period refills its clock.
    let mut made = [0u32; 2];
    let mut scores: [Vec<Option<f64>>; 2] = [Vec::new(), Vec::new()];
    loop {
        let plies = game.record.moves.len();
        if let Some((result, termination, detail)) =
            game_over::<R>(&game.position, &game.history, plies, rules, &scores)
        {
            return game.finish(result, termination, detail, None);
        }
        if let Some(count) = game.history.endgame_count().filter(|count| count.reached()) {
            let detail = format!("{}: {} plies with this material", count.rule, count.plies);
            return game.finish(GameResult::Draw, Termination::EndgameCount, detail, None);
        }
        let mover = R::side_to_move(&game.position);
        let engine = game.record.engine_of(mover);
        let request = SearchRequest {
            position: &game.hub_start,
            moves: &game.hub_moves,
            limit: rules.limit_of(engine),
            clock: clocks[engine],
            moves_to_go: period[engine].map(|n| n - made[engine] % n),
            patience: rules.patience_for_move(engine, clocks[engine]),
        };
        let process = engines[engine].engine();
        let (termination, mut detail) = match process.think(&request) {
            Ok(reply) => {
                game.record.engine_moves += 1;
                game.record.search_time += reply.elapsed;
                game.record.reported_time += reply.reported_time.unwrap_or(0.0);
                game.record.engine_time[engine].moves += 1;
                game.record.engine_time[engine].search += reply.elapsed;
                match judge::<R>(rules, engine, &mut clocks[engine], &reply, &game.position) {
                    Ok(mv) => {
                        made[engine] += 1;
                        if period[engine].is_some_and(|n| made[engine] % n == 0) {
                            clocks[engine] += base[engine];
                        }
                        scores[color_index(mover)].push(reply.score);
                        game.play(mv, Some(reply));
                        continue;
                    }
                    Err(fault) => fault,
                }
            }
            Err(SearchFailure::NoAnswer(_)) => {
                let kind = if rules.limit_of(engine).is_timed() {
                    Termination::TimeForfeit
                } else {
                    Termination::NoAnswer
                };
                let allowed = request.patience.as_secs_f64();
                (kind, format!("no move within the {allowed:.3} s allowed"))
            }
            Err(SearchFailure::Exited(how)) => (Termination::Crash, how),
            Err(SearchFailure::Disconnected(how)) => (Termination::Disconnected, how),
            Err(SearchFailure::Malformed(what)) => (Termination::IllegalMove, what),
            Err(SearchFailure::Refused(why)) => (Termination::IllegalMove, why),
            Err(SearchFailure::Claimed(claim)) => judge_claim(claim),
            Err(SearchFailure::Interrupted) => {
                let detail = "the match was interrupted".to_string();
                return game.finish(GameResult::Draw, Termination::Interrupted, detail, None);
            }
        };
        if termination == Termination::IllegalMove {
            if let Some(error) = process.take_last_error() {
                detail.push_str(&format!(" (the engine had reported: {error})"));
            }
        }
        let result = GameResult::win_for(mover.opposite());
        if termination == Termination::Resignation {
            return game.finish(result, termination, format!("{mover:?} {detail}"), None);
        }
        if termination == Termination::FalseClaim {
            detail = format!("{mover:?} {detail}");
            if let Some(said) = process.take_last_error() {
                detail.push_str(&format!(" ({said})"));
            }
            engines[engine].discard();
            return game.finish(result, termination, detail, Some(engine));
        }
        engines[engine].discard();
        return game.finish(result, termination, format!("{mover:?}: {detail}"), Some(engine));
    }
}
