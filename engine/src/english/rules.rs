//! English draughts as the search and the front ends play it: the [`Rules`] implementation.

use super::eval::evaluate;
use super::movegen::{count_moves, generate, has_capture};
use super::paths::legal_moves;
use super::start;
use crate::board8::features::windows;
use crate::board8::fen::{parse_fen, to_fen};
use crate::board8::hubpos::{parse_hub_position, to_hub_position};
use crate::board8::moves::Move;
use crate::board8::network_inputs::Accumulators;
use crate::board8::position::Position;
use crate::color::Color;
use crate::excerpt::Excerpt;
use crate::learned::LearnedChoice;
use crate::movelist::List;
use crate::movetext::{parse_move_text, PathMove};
use crate::rules::Rules;
use crate::score::Score;
use crate::tables::{filter_root_moves, probe, EndgameTables, TableGame, TablebaseValue};

/// English draughts as the search plays it ([`Rules`]): the same [`Position`] and [`Move`] as
/// Italian in the English numbering, moves listed once per (from, to, captured set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct English;

/// The draw count of English tournament rules: 40 moves by each side without a man move or a
/// capture (80 plies). The rule document's other count (50 king moves each once requested, with
/// the number of pieces unchanged) is the `quiet-plies` setting at 100.
pub const QUIET_PLY_LIMIT: u32 = 80;

impl Rules for English {
    type Position = Position;
    type Move = Move;
    type Eval = LearnedChoice<English>;

    const NAME: &'static str = "english";
    const PDN_GAME_TYPE: u32 = 21;
    const QUIET_PLY_LIMIT: u32 = QUIET_PLY_LIMIT;
    const MOVE_COUNT_RULE: &'static str = "40-move rule";
    const FIRST_TO_MOVE: Color = Color::Black;
    // +80.1 +/- 32.8 Elo at 0.1 s a move against the search without it (151 games over the ACF
    // ballots, SPRT H1 accepted; docs/strength.md).
    const PROBCUT: bool = true;
    // +34.6 +/- 21.0 Elo at 0.1 s a move against the search without them (312 games over the
    // ACF ballots, LOS 99.9 %; docs/strength.md).
    const EARLY_REDUCTIONS: bool = true;
    // +23.4 +/- 15.5 Elo at 0.1 s a move against the search without it (312 games over the ACF
    // ballots, LOS 99.8 %; docs/strength.md).
    const FUTILITY: bool = true;

    fn generate(position: &Position, list: &mut List<Move>) {
        generate(position, list);
    }

    #[inline]
    fn play(position: &Position, mv: &Move) -> Position {
        position.play(mv)
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
        count_moves(position, false) > 0
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
    fn evaluate(position: &Position, eval: &LearnedChoice<English>) -> Score {
        eval.evaluate(position, evaluate)
    }

    type EvalAcc = Accumulators;

    #[inline(always)]
    fn eval_acc(position: &Position, eval: &Self::Eval) -> Accumulators {
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
        eval: &Self::Eval,
    ) -> Accumulators {
        acc.updated(before, after, || eval.learned.as_ref().and_then(|w| w.search_network()))
    }

    #[inline(always)]
    fn evaluate_with(
        position: &Position,
        acc: &Accumulators,
        eval: &LearnedChoice<English>,
    ) -> Score {
        eval.evaluate_with(position, acc, evaluate)
    }

    fn piece_count(position: &Position) -> u32 {
        position.occupied().count()
    }

    /// English tables only: Italian tables hold the same positions with other values.
    #[inline]
    fn probe_tables(tables: &dyn EndgameTables, position: &Position) -> Option<TablebaseValue> {
        probe(TableGame::English, tables, position)
    }

    fn filter_root_moves(
        tables: &dyn EndgameTables,
        position: &Position,
        moves: &mut Vec<Move>,
    ) -> Option<TablebaseValue> {
        let pieces = position.occupied().count();
        filter_root_moves(TableGame::English, tables, position, pieces, moves, Position::play)
            .map(|(value, _)| value)
    }

    fn start() -> Position {
        start()
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

    fn parse_hub_position(text: &str) -> Result<Position, String> {
        parse_hub_position(&turned(text)).map_err(|e| e.to_string())
    }

    fn to_hub_position(position: &Position) -> String {
        turned(&to_hub_position(position))
    }

    /// One path per distinct move: the first route the path generator finds.
    fn paths(position: &Position) -> Vec<PathMove<Move>> {
        let mut out: Vec<PathMove<Move>> = Vec::new();
        for m in every_route(position) {
            if out.iter().all(|p| p.mv != m.mv) {
                out.push(m);
            }
        }
        out
    }

    /// Reads move text against every route, so that the full path of either route of a loop
    /// capture names its move; the move returned is the one [`English::paths`] lists.
    fn parse_move(position: &Position, text: &str) -> Result<Move, String> {
        let distinct = Self::paths(position);
        match parse_move_text(text, &every_route(position)) {
            Ok(mv) => Ok(distinct.iter().find(|p| p.mv == mv).map_or(mv, |p| p.mv)),
            // Every text a distinct path matches, a route matches too: this gives the message.
            Err(_) => parse_move_text(text, &distinct),
        }
    }
}

/// Every legal move with its path, every capture route listed.
fn every_route(position: &Position) -> Vec<PathMove<Move>> {
    legal_moves(position)
        .into_iter()
        .map(|m| PathMove {
            mv: m.mv,
            from: m.mv.from().number(),
            landings: m.landings.iter().map(|s| s.number()).collect(),
            captured: m.captured.iter().map(|s| s.number()).collect(),
        })
        .collect()
}

/// The Hub position string as pydraughts writes it for English draughts, from the plain one (or
/// back: the change is its own inverse). pydraughts keeps English boards turned round, with the
/// side that moves first called White: its string names the other side to move, lists square
/// `33 - n` in place of square `n`, and swaps the colours of the pieces. Its move text is in the
/// ordinary numbering. Anything that is not a 33-character string is left as it is, for the
/// reader's message.
fn turned(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 33 {
        return text.to_string();
    }
    let swap = |c: char| match c {
        'w' => 'b',
        'b' => 'w',
        'W' => 'B',
        'B' => 'W',
        other => other,
    };
    std::iter::once(swap(chars[0])).chain(chars[1..].iter().rev().map(|&c| swap(c))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::bitboard::Bitboard;
    use crate::english::movegen::{count_moves, generate, generate_every_route, has_capture};
    use crate::english::paths::{legal_moves, EnglishMove};
    use crate::english::samples::sample_positions;
    use crate::movelist::List;

    /// The position after the route `m`, built from its squares alone: the piece leaves its
    /// start, the captured pieces go, and a man ending on its far row is crowned.
    fn after_route(p: &Position, m: &EnglishMove) -> Position {
        let us = p.side_to_move();
        let from = m.mv.from();
        let to = *m.landings.last().unwrap();
        let captured: Bitboard = m.captured.iter().copied().collect();
        let crowned =
            p.kings().contains(from) || to.row() == if us == Color::White { 0 } else { 7 };
        let mut ours = p.pieces(us) - Bitboard::from_square(from);
        ours.insert(to);
        let theirs = p.pieces(us.opposite()) - captured;
        let mut kings = p.kings() - captured - Bitboard::from_square(from);
        if crowned {
            kings.insert(to);
        }
        let (white, black) = if us == Color::White { (ours, theirs) } else { (theirs, ours) };
        Position::from_parts(white, black, kings, us.opposite()).unwrap()
    }

    #[test]
    fn hub_position_strings_as_pydraughts_writes_them() {
        // Written by pydraughts 0.6 (`Board("english", fen)._game.initial_hub_fen`).
        for (fen, hub) in [
            ("B:W18,K30:B5,K12", "WeeBeeeeeeeeeeebeeeeeWeeeeeeweeee"),
            ("W:W18,K30:B5,K12", "BeeBeeeeeeeeeeebeeeeeWeeeeeeweeee"),
            ("B:W21-32:B1-12", "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"),
        ] {
            let position = English::parse_fen(fen).unwrap();
            assert_eq!(English::to_hub_position(&position), hub, "{fen}");
            assert_eq!(English::parse_hub_position(hub).unwrap(), position, "{fen}");
        }
        assert!(English::parse_hub_position("Wbbb").is_err());
        assert!(English::parse_hub_position("Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww").is_err());
    }

    #[test]
    fn the_search_generator_lists_each_move_of_the_path_generator_once() {
        let positions = sample_positions();
        let (mut captures, mut king_positions, mut loops) = (0, 0, 0);
        for p in &positions {
            let fen = crate::board8::fen::to_fen(p);
            let routes = legal_moves(p);
            // The set-wise generator, every route: the reference's routes in the same order,
            // with the same capture order.
            let mut every = List::new();
            generate_every_route(p, &mut every);
            assert_eq!(every.len(), routes.len(), "{fen}");
            for (mv, route) in every.iter().zip(&routes) {
                assert_eq!(*mv, route.mv, "{fen}");
                assert!(mv.captured_in_order().eq(route.captured.iter().copied()), "{fen}");
            }
            // One per (from, to, captured set): each move of the reference once, in the order
            // the reference first finds it, and the position after it is the one its route
            // leads to.
            let mut list = List::new();
            generate(p, &mut list);
            let mut unique: Vec<&EnglishMove> = Vec::new();
            for route in &routes {
                if unique.iter().all(|u| u.mv != route.mv) {
                    unique.push(route);
                }
            }
            assert_eq!(list.len(), unique.len(), "{fen}");
            for (mv, route) in list.iter().zip(&unique) {
                assert_eq!(*mv, route.mv, "{fen}");
                assert_eq!(p.play(mv), after_route(p, route), "{fen} {}", route.path_notation());
            }
            assert_eq!(English::legal_moves(p), list.to_vec(), "{fen}");
            assert_eq!(English::paths(p).len(), list.len(), "{fen}");
            assert_eq!(count_moves(p, false), list.len(), "{fen}");
            assert_eq!(count_moves(p, true), routes.len(), "{fen}");
            assert_eq!(has_capture(p), list.first().is_some_and(Move::is_capture), "{fen}");
            captures += usize::from(has_capture(p));
            king_positions += usize::from(!p.kings().is_empty());
            loops += usize::from(routes.len() > list.len());
        }
        assert!(positions.len() >= 3000, "{} positions", positions.len());
        assert!(captures >= 300, "{captures} positions with captures");
        assert!(king_positions >= 1500, "{king_positions} positions with kings");
        assert!(loops >= 50, "{loops} positions with a loop capture");
    }

    #[test]
    fn either_route_of_a_loop_capture_names_the_one_move() {
        let p = English::parse_fen("W:WK26:B14,15,22,23").unwrap();
        let moves = English::legal_moves(&p);
        assert_eq!(moves.len(), 1);
        let paths: Vec<String> = English::paths(&p).iter().map(|m| m.path()).collect();
        assert_eq!(paths, ["26x17x10x19x26"]);
        assert_eq!(English::hub_text(&p, &moves[0]), "26x26x22x14x15x23");
        for text in ["26x17x10x19x26", "26x19x10x17x26", "26x26x23x15x14x22", "26x26"] {
            assert_eq!(English::parse_move(&p, text), Ok(moves[0]), "{text}");
        }
        let refused = English::parse_move(&p, "26x17x10x19").unwrap_err();
        assert!(refused.contains("legal moves are 26x17x10x19x26"), "{refused}");
    }
}
