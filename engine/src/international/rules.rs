//! International draughts as the search and the front ends play it: the [`Rules`]
//! implementation.

use super::counts::endgame_count;
use super::eval::{drawish, evaluate};
use super::fen::{parse_fen, to_fen, to_hub_position};
use super::geometry::{bit, SQUARES};
use super::movegen::{count_moves, generate};
use super::moves::Move;
use super::network_inputs::changed_network_inputs;
use super::position::Position;
use super::windows::{update_windows, windows, Accumulators};
use crate::color::Color;
use crate::excerpt::Excerpt;
use crate::learned::LearnedChoice;
use crate::movelist::List;
use crate::movetext::{hub_position_to_fen, PathMove};
use crate::rules::Rules;
use crate::score::Score;
use crate::tables::{self, EndgameTables, TableGame, TablebaseValue};

/// International draughts (FMJD rules, PDN GameType 20) for the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct International;

/// The FMJD count: 25 moves by each side with only kings moved and nothing captured (50 plies).
pub const QUIET_PLY_LIMIT: u32 = 50;

impl Rules for International {
    type Position = Position;
    type Move = Move;
    type Eval = LearnedChoice<International>;

    const NAME: &'static str = "international";
    const PDN_GAME_TYPE: u32 = 20;
    const QUIET_PLY_LIMIT: u32 = QUIET_PLY_LIMIT;
    const MOVE_COUNT_RULE: &'static str = "25-move rule";
    const ENDGAME_COUNTS: bool = true;
    // +33 +/- 24 Elo at 0.1 s a move against the search without it (296 games, docs/strength.md).
    const PROBCUT: bool = true;
    // +21.7 Elo (2.8 to 40.8) at 0.1 s a move against the search without them (288 games over
    // the first moves and replies in two runs; docs/strength.md).
    const EARLY_REDUCTIONS: bool = true;
    // +19.3 +/- 19.8 Elo at 0.1 s a move against the search without it (162 games over the
    // first moves and replies, LOS 97.3 %; docs/strength.md).
    const FUTILITY: bool = true;
    // +10.7 +/- 18.2 Elo at 0.1 s a move against the search without it (162 games over the first
    // moves and replies; -7.8 +/- 14.9 over the English ballots, off there; docs/strength.md).
    const PARTIAL_ITERATIONS: bool = true;

    fn generate(position: &Position, list: &mut List<Move>) {
        generate(position, list);
    }

    #[inline]
    fn play(position: &Position, mv: &Move) -> Position {
        position.play_move(mv)
    }

    #[inline]
    fn key(position: &Position) -> u64 {
        position.key()
    }

    #[inline]
    fn is_capture(mv: &Move) -> bool {
        mv.is_capture()
    }

    #[inline]
    fn is_irreversible(position: &Position, mv: &Move) -> bool {
        mv.is_capture() || position.kings & bit(mv.from) == 0
    }

    fn opponent_can_capture(position: &Position) -> bool {
        Position { side: position.side.opposite(), ..*position }.has_capture()
    }

    #[inline]
    fn has_capture(position: &Position) -> bool {
        position.has_capture()
    }

    #[inline]
    fn has_move(position: &Position) -> bool {
        count_moves(position) > 0
    }

    #[inline]
    fn pack(mv: &Move) -> u16 {
        let hash = (mv.captured.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61) as u16;
        u16::from(mv.from) | u16::from(mv.to) << 6 | hash << 12
    }

    #[inline]
    fn from_to(mv: &Move) -> (usize, usize) {
        (usize::from(mv.from), usize::from(mv.to))
    }

    #[inline]
    fn evaluate(position: &Position, eval: &LearnedChoice<International>) -> Score {
        drawish(position, eval.evaluate(position, evaluate))
    }

    type EvalAcc = Accumulators;

    #[inline(always)]
    fn eval_acc(position: &Position, eval: &LearnedChoice<International>) -> Accumulators {
        Accumulators {
            windows: windows(position),
            network: eval.learned.as_ref().and_then(|w| w.network_accumulators(position)),
        }
    }

    #[inline(always)]
    fn update_eval_acc(
        acc: &Accumulators,
        before: &Position,
        after: &Position,
        eval: &LearnedChoice<International>,
    ) -> Accumulators {
        Accumulators {
            windows: update_windows(&acc.windows, before, after),
            network: match (&acc.network, eval.learned.as_ref().and_then(|w| w.search_network())) {
                (Some(acc), Some(network)) => {
                    let mut next = *acc;
                    changed_network_inputs(before, after, |view, input, came| {
                        network.change(&mut next[view], input, came)
                    });
                    Some(next)
                }
                _ => None,
            },
        }
    }

    #[inline(always)]
    fn evaluate_with(
        position: &Position,
        acc: &Accumulators,
        eval: &LearnedChoice<International>,
    ) -> Score {
        drawish(position, eval.evaluate_with(position, acc, evaluate))
    }

    fn piece_count(position: &Position) -> u32 {
        (position.white | position.black).count_ones()
    }

    fn endgame_count(position: &Position) -> Option<(u32, &'static str)> {
        endgame_count(position)
    }

    #[inline]
    fn probe_tables(
        tables: &dyn EndgameTables<Position>,
        position: &Position,
    ) -> Option<TablebaseValue> {
        tables::probe(TableGame::International, tables, position)
    }

    #[inline]
    fn probe_tables_distance(
        tables: &dyn EndgameTables<Position>,
        position: &Position,
    ) -> Option<(TablebaseValue, Option<u32>)> {
        tables::probe_distance(TableGame::International, tables, position)
    }

    fn filter_root_moves(
        tables: &dyn EndgameTables<Position>,
        position: &Position,
        moves: &mut Vec<Move>,
    ) -> Option<TablebaseValue> {
        let pieces = Self::piece_count(position);
        tables::filter_root_moves(
            TableGame::International,
            tables,
            position,
            pieces,
            moves,
            Position::play_move,
        )
        .map(|(value, _)| value)
    }

    fn start() -> Position {
        Position::start()
    }

    fn side_to_move(position: &Position) -> Color {
        position.side
    }

    fn parse_fen(text: &str) -> Result<Position, String> {
        parse_fen(text).map_err(|e| format!("bad FEN '{}': {e}", Excerpt(text)))
    }

    fn to_fen(position: &Position) -> String {
        to_fen(position)
    }

    fn parse_hub_position(text: &str) -> Result<Position, String> {
        let fen = hub_position_to_fen(text, SQUARES)?;
        parse_fen(&fen).map_err(|e| format!("illegal setup: {e}"))
    }

    fn to_hub_position(position: &Position) -> String {
        to_hub_position(position)
    }

    fn paths(position: &Position) -> Vec<PathMove<Move>> {
        position
            .legal_moves()
            .into_iter()
            .map(|m| PathMove {
                mv: m.compact(),
                from: m.from,
                landings: m.landings,
                captured: m.captured,
            })
            .collect()
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
