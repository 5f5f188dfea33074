//! Russian and Brazilian draughts as the search and the front ends play them: the two
//! [`Rules`] implementations, the same but for the capture rules ([`Ruleset`]), the draw counts
//! and their names.

use super::counts::{brazilian_count, russian_count};
use super::eval::evaluate;
use super::fen::{parse_fen, to_fen};
use super::movegen::{count_moves, generate, has_capture};
use super::paths::{every_route, legal_routes, Route};
use super::play::{crowns, play};
use super::squares::parse_square;
use super::Ruleset;
use crate::board8::features::{update_windows, windows, Windows};
use crate::board8::hubpos::{parse_hub_position, to_hub_position};
use crate::board8::moves::Move;
use crate::board8::position::Position;
use crate::color::Color;
use crate::excerpt::Excerpt;
use crate::learned::LearnedChoice;
use crate::movelist::List;
use crate::movetext::{parse_move_text, PathMove};
use crate::rules::Rules;
use crate::score::Score;
use crate::tables::{self, EndgameTables, TableGame, TablebaseValue};

/// Russian draughts (shashki; FShR rules, PDN GameType 25): any capture may be chosen, a man
/// crowned in the middle of a capture goes on as a king.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Russian;

/// Brazilian draughts (International rules on the 8x8 board, PDN GameType 26): the capture
/// that takes the most pieces is compulsory, a man passing the far row in a capture stays a man.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Brazilian;

impl Ruleset for Russian {
    const MAJORITY: bool = false;
    const CROWNS_IN_CAPTURE: bool = true;
}

impl Ruleset for Brazilian {
    const MAJORITY: bool = true;
    const CROWNS_IN_CAPTURE: bool = false;
}

/// The Russian move count: 15 moves by each side with only kings moved and nothing captured (30
/// plies).
pub const RUSSIAN_QUIET_PLY_LIMIT: u32 = 30;

/// The Brazilian move count (the Brazilian confederation's rules): 20 moves by each side with
/// only kings moved and nothing captured (40 plies).
pub const BRAZILIAN_QUIET_PLY_LIMIT: u32 = 40;

/// Reads move text: numbers (`10-14`, `10x19x28`, `10x28`, the Hub's `10x28x14x23`) or
/// algebraic squares (`c3-d4`, `c3:e5:g7`, `c3:g7`), matched against every route (either route
/// of a loop names its move); the move returned is the one [`legal_routes`] lists.
fn parse_move<G: Ruleset>(position: &Position, text: &str) -> Result<Move, String> {
    let word = text.trim();
    let mut numbers = Vec::new();
    for part in word.split(['-', 'x', 'X', ':']) {
        match parse_square(part) {
            Ok(square) => numbers.push(super::squares::number(square).to_string()),
            Err(e) if word.contains(['-', 'x', 'X', ':']) => {
                return Err(format!("'{}' is not a move: {e}", Excerpt(word)))
            }
            Err(_) => {
                return Err(format!(
                    "'{}' is not a move (write c3-d4, c3:e5:g7, or in numbers 10-14, 10x19x28)",
                    Excerpt(word)
                ))
            }
        }
    }
    if numbers.len() < 2 {
        return Err(format!(
            "'{}' is not a move (write c3-d4, c3:e5:g7, or in numbers 10-14, 10x19x28)",
            Excerpt(word)
        ));
    }
    let as_numbers = numbers.join("x");
    let every: Vec<PathMove<Move>> =
        every_route::<G>(position).iter().map(Route::path_move).collect();
    if let Ok(mv) = parse_move_text(&as_numbers, &every) {
        return Ok(mv);
    }
    // Every text a distinct route matches, a route matches too: the text names no move, or
    // names several; say which in the players' notation.
    let distinct = legal_routes::<G>(position);
    let paths: Vec<PathMove<Move>> = distinct.iter().map(Route::path_move).collect();
    match parse_move_text(&as_numbers, &paths) {
        Ok(mv) => Ok(mv),
        Err(e) if e.contains("ambiguous") => {
            let (from, to) = (numbers.first(), numbers.last());
            let candidates: Vec<String> = distinct
                .iter()
                .filter(|r| {
                    let m = r.path_move();
                    Some(&m.from.to_string()) == from && Some(&m.to().to_string()) == to
                })
                .map(Route::algebraic_text)
                .collect();
            Err(format!("'{}' is ambiguous: {}", Excerpt(word), candidates.join(" ")))
        }
        Err(_) => {
            let legal: Vec<String> = distinct.iter().map(Route::algebraic_text).collect();
            Err(format!(
                "'{}' is not legal here; legal moves are {}",
                Excerpt(word),
                legal.join(" ")
            ))
        }
    }
}

/// The move's route as players write it: `c3-d4`, `c3:e5:g7`.
fn algebraic<G: Ruleset>(position: &Position, mv: &Move) -> String {
    legal_routes::<G>(position)
        .iter()
        .find(|r| r.mv() == *mv)
        .map_or_else(|| "?".into(), Route::algebraic_text)
}

/// The move as PDN writes it in these games: algebraic, captures with `x` (the PDN standard's
/// sign; pydraughts 0.6.7 reads no other), the full path, or `from x to` when `full` is false and
/// no other legal move goes from there to there.
fn pdn_algebraic<G: Ruleset>(position: &Position, mv: &Move, full: bool) -> String {
    let routes = legal_routes::<G>(position);
    let Some(route) = routes.iter().find(|r| r.mv() == *mv) else { return "?".into() };
    let text = route.algebraic_text().replace(':', "x");
    let clashes = routes.iter().filter(|r| r.from == route.from && r.to() == route.to()).count();
    if full || route.captured.is_empty() || clashes > 1 {
        text
    } else {
        let (from, to) =
            (super::squares::algebraic(route.from), super::squares::algebraic(route.to()));
        format!("{from}x{to}")
    }
}

/// The [`Rules`] of one of the two games: `$game` (a [`Ruleset`]), its name, PDN game type,
/// move count, material counts, table game and whether a crowning restarts a count.
macro_rules! flying_rules {
    ($game:ident, $name:literal, $game_type:literal, $quiet:expr, $quiet_rule:literal,
     $counts:path, $table:expr, $crowning_restarts:literal) => {
        impl Rules for $game {
            type Position = Position;
            type Move = Move;
            type Eval = LearnedChoice<$game>;

            const NAME: &'static str = $name;
            const PDN_GAME_TYPE: u32 = $game_type;
            const QUIET_PLY_LIMIT: u32 = $quiet;
            const MOVE_COUNT_RULE: &'static str = $quiet_rule;
            const ENDGAME_COUNTS: bool = true;

            #[inline]
            fn generate(position: &Position, list: &mut List<Move>) {
                generate::<$game>(position, list);
            }

            #[inline]
            fn play(position: &Position, mv: &Move) -> Position {
                play::<$game>(position, mv)
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
                position.is_irreversible(mv)
            }

            fn opponent_can_capture(position: &Position) -> bool {
                has_capture(&position.with_side_to_move(position.side_to_move().opposite()))
            }

            #[inline]
            fn has_capture(position: &Position) -> bool {
                has_capture(position)
            }

            #[inline]
            fn has_move(position: &Position) -> bool {
                count_moves::<$game>(position) > 0
            }

            #[inline]
            fn pack(mv: &Move) -> u16 {
                mv.packed()
            }

            #[inline]
            fn from_to(mv: &Move) -> (usize, usize) {
                (mv.from().index(), mv.to().index())
            }

            #[inline]
            fn evaluate(position: &Position, eval: &LearnedChoice<$game>) -> Score {
                eval.evaluate(position, evaluate)
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
            fn evaluate_with(
                position: &Position,
                acc: &Windows,
                eval: &LearnedChoice<$game>,
            ) -> Score {
                eval.evaluate_with(position, acc, evaluate)
            }

            fn piece_count(position: &Position) -> u32 {
                position.occupied().count()
            }

            fn endgame_count(position: &Position) -> Option<(u32, &'static str)> {
                $counts(position)
            }

            #[inline]
            fn restarts_count(position: &Position, mv: &Move) -> bool {
                mv.is_capture() || ($crowning_restarts && crowns::<$game>(position, mv))
            }

            #[inline]
            fn probe_tables(
                tables: &dyn EndgameTables,
                position: &Position,
            ) -> Option<TablebaseValue> {
                tables::probe($table, tables, position)
            }

            #[inline]
            fn probe_tables_distance(
                tables: &dyn EndgameTables,
                position: &Position,
            ) -> Option<(TablebaseValue, Option<u32>)> {
                tables::probe_distance($table, tables, position)
            }

            fn filter_root_moves(
                tables: &dyn EndgameTables,
                position: &Position,
                moves: &mut Vec<Move>,
            ) -> Option<TablebaseValue> {
                let pieces = position.occupied().count();
                tables::filter_root_moves($table, tables, position, pieces, moves, Self::play)
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

            /// The Hub string as pydraughts writes it for these games: the side to move, then
            /// the squares row by row from Black's side (b8, d8, f8, h8, a7, ...), the engine's
            /// own order.
            fn parse_hub_position(text: &str) -> Result<Position, String> {
                parse_hub_position(text).map_err(|e| e.to_string())
            }

            fn to_hub_position(position: &Position) -> String {
                to_hub_position(position)
            }

            /// One route per distinct move, in the game's numbers.
            fn paths(position: &Position) -> Vec<PathMove<Move>> {
                legal_routes::<$game>(position).iter().map(Route::path_move).collect()
            }

            fn parse_move(position: &Position, text: &str) -> Result<Move, String> {
                parse_move::<$game>(position, text)
            }

            /// Algebraic notation, as the game's players write it: `c3-d4`, `c3:e5:g7`.
            fn path_text(position: &Position, mv: &Move) -> String {
                algebraic::<$game>(position, mv)
            }

            /// Algebraic notation with PDN's capture sign: `c3-d4`, `c3xe5xg7`, or in short
            /// `c3xg7` when no other legal move goes from c3 to g7 (pydraughts reads these).
            fn pdn_text(position: &Position, mv: &Move, full: bool) -> String {
                pdn_algebraic::<$game>(position, mv, full)
            }
        }
    };
}

flying_rules!(
    Russian,
    "russian",
    25,
    RUSSIAN_QUIET_PLY_LIMIT,
    "15-move rule",
    russian_count,
    TableGame::Russian,
    true
);
flying_rules!(
    Brazilian,
    "brazilian",
    26,
    BRAZILIAN_QUIET_PLY_LIMIT,
    "20-move rule",
    brazilian_count,
    TableGame::Brazilian,
    false
);
