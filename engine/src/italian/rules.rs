//! Dama Italiana as the search and the front ends play it: the [`Rules`] implementation over the
//! set-wise generator ([`super::movegen`]), the evaluations ([`super::eval`]) and the endgame
//! tables.

use super::capture::PathMode;
use super::eval::EvalOptions;
use super::notation::{hub_notation, parse_move, path_notation};
use crate::board8::features::{update_windows, windows, Windows};
use crate::board8::fen::{parse_fen, to_fen};
use crate::board8::hubpos::{parse_hub_position, to_hub_position};
use crate::board8::moves::Move;
use crate::board8::position::Position;
use crate::color::Color;
use crate::excerpt::Excerpt;
use crate::movelist::List;
use crate::movetext::PathMove;
use crate::rules::Rules;
use crate::score::Score;
use crate::tables::{filter_root_moves, probe, EndgameTables, TableGame, TablebaseValue};

/// The 40-move rule (rules-italian.md section 5): 40 moves by each side without a man move or a
/// capture, 80 plies.
pub const QUIET_PLY_LIMIT: u32 = 80;

/// Dama Italiana (FID rules, PDN GameType 22) on the 8x8 board's [`Position`] and [`Move`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Italian;

impl Rules for Italian {
    type Position = Position;
    type Move = Move;
    type Eval = EvalOptions;

    const NAME: &'static str = "italian";
    const PDN_GAME_TYPE: u32 = 22;
    const QUIET_PLY_LIMIT: u32 = QUIET_PLY_LIMIT;
    const MOVE_COUNT_RULE: &'static str = "40-move rule";
    // +24.0 +/- 17.5 Elo at 0.1 s a move against the search without it (348 games over the 174
    // ballots, LOS 99.7 %; docs/strength.md).
    const FUTILITY: bool = true;

    #[inline(always)]
    fn generate(position: &Position, list: &mut List<Move>) {
        position.generate_moves(list, PathMode::Unique);
    }

    #[inline(always)]
    fn play(position: &Position, mv: &Move) -> Position {
        position.play(mv)
    }

    #[inline(always)]
    fn key(position: &Position) -> u64 {
        position.key()
    }

    #[inline(always)]
    fn is_capture(mv: &Move) -> bool {
        mv.is_capture()
    }

    #[inline(always)]
    fn is_irreversible(position: &Position, mv: &Move) -> bool {
        position.is_irreversible(mv)
    }

    #[inline(always)]
    fn opponent_can_capture(position: &Position) -> bool {
        position.with_side_to_move(position.side_to_move().opposite()).has_capture()
    }

    #[inline(always)]
    fn has_capture(position: &Position) -> bool {
        position.has_capture()
    }

    #[inline(always)]
    fn has_move(position: &Position) -> bool {
        position.has_legal_move()
    }

    #[inline(always)]
    fn pack(mv: &Move) -> u16 {
        mv.packed()
    }

    #[inline(always)]
    fn from_to(mv: &Move) -> (usize, usize) {
        (mv.from().index(), mv.to().index())
    }

    #[inline(always)]
    fn evaluate(position: &Position, eval: &EvalOptions) -> Score {
        eval.evaluate(position)
    }

    type EvalAcc = Windows;

    #[inline(always)]
    fn eval_acc(position: &Position, _eval: &Self::Eval) -> Windows {
        windows(position)
    }

    #[inline(always)]
    fn update_eval_acc(
        acc: &Windows,
        before: &Position,
        after: &Position,
        _eval: &Self::Eval,
    ) -> Windows {
        update_windows(acc, before, after)
    }

    #[inline(always)]
    fn evaluate_with(position: &Position, acc: &Windows, eval: &EvalOptions) -> Score {
        eval.evaluate_with(position, acc)
    }

    #[inline(always)]
    fn piece_count(position: &Position) -> u32 {
        position.occupied().count()
    }

    #[inline]
    fn probe_tables(tables: &dyn EndgameTables, position: &Position) -> Option<TablebaseValue> {
        probe(TableGame::Italian, tables, position)
    }

    fn filter_root_moves(
        tables: &dyn EndgameTables,
        position: &Position,
        moves: &mut Vec<Move>,
    ) -> Option<TablebaseValue> {
        let pieces = position.occupied().count();
        filter_root_moves(TableGame::Italian, tables, position, pieces, moves, Position::play)
            .map(|(value, _)| value)
    }

    fn start() -> Position {
        Position::start()
    }

    fn side_to_move(position: &Position) -> Color {
        position.side_to_move()
    }

    fn parse_fen(text: &str) -> Result<Position, String> {
        parse_fen(text).map_err(|e| format!("bad FEN '{}': {e}", Excerpt(text)))
    }

    fn to_fen(position: &Position) -> String {
        to_fen(position)
    }

    fn paths(position: &Position) -> Vec<PathMove<Move>> {
        position.legal_moves().iter().map(italian_path).collect()
    }

    fn parse_move(position: &Position, text: &str) -> Result<Move, String> {
        parse_move(position, text).map_err(|e| e.to_string())
    }

    fn parse_hub_position(text: &str) -> Result<Position, String> {
        parse_hub_position(text).map_err(|e| e.to_string())
    }

    fn to_hub_position(position: &Position) -> String {
        to_hub_position(position)
    }

    fn path_text(_position: &Position, mv: &Move) -> String {
        path_notation(mv)
    }

    fn hub_text(_position: &Position, mv: &Move) -> String {
        hub_notation(mv)
    }
}

/// An Italian move with its path (the path follows from the capture order).
fn italian_path(mv: &Move) -> PathMove<Move> {
    PathMove {
        mv: *mv,
        from: mv.from().number(),
        landings: if mv.is_capture() {
            mv.landing_squares().iter().map(|s| s.number()).collect()
        } else {
            vec![mv.to().number()]
        },
        captured: mv.captured_in_order().map(|s| s.number()).collect(),
    }
}
