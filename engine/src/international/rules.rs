//! International draughts as the search and the front ends play it: the [`Rules`]
//! implementation.

use super::counts::endgame_count;
use super::eval::evaluate;
use super::fen::{parse_fen, to_fen, to_hub_position};
use super::geometry::{bit, SQUARES};
use super::movegen::generate;
use super::moves::Move;
use super::position::Position;
use crate::color::Color;
use crate::excerpt::Excerpt;
use crate::learned::LearnedChoice;
use crate::movelist::List;
use crate::movetext::{hub_position_to_fen, PathMove};
use crate::rules::Rules;
use crate::score::Score;

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
        eval.evaluate(position, evaluate)
    }

    fn piece_count(position: &Position) -> u32 {
        (position.white | position.black).count_ones()
    }

    fn endgame_count(position: &Position) -> Option<(u32, &'static str)> {
        endgame_count(position)
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
mod tests {
    use super::*;
    use crate::international::counts::endgame_count;
    use crate::international::geometry::{bit, coordinates, square_at};
    use crate::international::moves::IntlMove;
    use crate::movelist::List;

    fn sample_positions() -> Vec<Position> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut out = Vec::new();
        for game in 0..200 {
            let mut p = if game % 2 == 0 {
                Position::start()
            } else {
                // Kings and men scattered: long king captures.
                let mut p = Position { white: 0, black: 0, kings: 0, side: Color::White };
                for _ in 0..rng.gen_range(2..14) {
                    let s = rng.gen_range(1..=50u8);
                    if (p.white | p.black) & bit(s) != 0 {
                        continue;
                    }
                    if rng.gen_bool(0.5) {
                        p.white |= bit(s);
                    } else {
                        p.black |= bit(s);
                    }
                    let (row, _) = coordinates(s);
                    if rng.gen_bool(0.4) || row == 0 || row == 9 {
                        p.kings |= bit(s);
                    }
                }
                p
            };
            for _ in 0..rng.gen_range(0..80) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                out.push(p);
                p = p.play(&moves[rng.gen_range(0..moves.len())]);
            }
            out.push(p);
        }
        out
    }

    #[test]
    fn the_search_generator_agrees_with_the_path_generator() {
        let positions = sample_positions();
        assert!(positions.len() > 3000, "{}", positions.len());
        let mut captures = 0;
        for p in &positions {
            let mut list = List::new();
            generate(p, &mut list);
            let paths: Vec<Move> = p.legal_moves().iter().map(IntlMove::compact).collect();
            assert_eq!(list.len(), paths.len(), "{p:?}");
            assert!(paths.iter().all(|m| list.contains(m)), "{p:?}");
            for (path, m) in p.legal_moves().iter().zip(&paths) {
                check_path_and_play(p, path, &p.play_move(m));
            }
            captures += usize::from(p.has_capture());
        }
        assert!(captures > 300, "{captures} positions with captures");
    }

    /// Checks a path leg by leg on the board (each leg on one diagonal, jumping exactly the one
    /// enemy piece named in the capture order, or nothing for a step) and the position after the
    /// move as the rules describe it: the mover on the end square, the captured pieces gone, the
    /// man crowned only when it ends on the far row.
    fn check_path_and_play(p: &Position, path: &IntlMove, after: &Position) {
        let (ours, theirs) = match p.side {
            Color::White => (p.white, p.black),
            Color::Black => (p.black, p.white),
        };
        let mut at = path.from;
        for (leg, &land) in path.landings.iter().enumerate() {
            let ((r0, c0), (r1, c1)) = (coordinates(at), coordinates(land));
            let (dr, dc) = (r1 - r0, c1 - c0);
            assert!(dr != 0 && dr.abs() == dc.abs(), "{path:?}: leg {at}-{land} is not diagonal");
            let between: Vec<u8> = (1..dr.abs())
                .filter_map(|k| square_at(r0 + k * dr.signum(), c0 + k * dc.signum()))
                .filter(|&s| (p.white | p.black) & bit(s) & !bit(path.from) != 0)
                .collect();
            match path.captured.get(leg) {
                Some(&taken) => assert_eq!(between, [taken], "{path:?}"),
                None => assert!(between.is_empty(), "{path:?}"),
            }
            at = land;
        }
        let taken = path.captured.iter().fold(0u64, |m, &s| m | bit(s));
        assert_eq!(taken & theirs, taken, "{path:?} captures only enemy pieces");
        let to = bit(path.to());
        let (ours_after, theirs_after) = match p.side {
            Color::White => (after.white, after.black),
            Color::Black => (after.black, after.white),
        };
        assert_eq!(ours_after, (ours & !bit(path.from)) | to, "{path:?}");
        assert_eq!(theirs_after, theirs & !taken, "{path:?}");
        let far_row = if p.side == Color::White { 0 } else { 9 };
        let king = p.kings & bit(path.from) != 0 || coordinates(path.to()).0 == far_row;
        assert_eq!(after.kings & to != 0, king, "{path:?}");
        assert_eq!(after.kings & !to, p.kings & !taken & !bit(path.from) & !to, "{path:?}");
        assert_eq!(after.side, p.side.opposite());
    }

    #[test]
    fn hub_position_strings_as_scan_and_pydraughts_write_them() {
        // Written by pydraughts 0.6 (`Board("standard", fen)._game.initial_hub_fen`).
        let hub = "BeeeebeeeeeeBeeeeeweeeeeeeeeeeWeeeeeeeeeeeeeeeeeeee";
        let position = parse_fen("B:W18,K30:B5,K12").unwrap();
        assert_eq!(International::to_hub_position(&position), hub);
        assert_eq!(International::parse_hub_position(hub).unwrap(), position);
        let start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
        assert_eq!(International::parse_hub_position(start).unwrap(), Position::start());
        assert!(International::parse_hub_position(&start[..33]).is_err());
        assert!(International::parse_hub_position(&start.replace('e', "x")).is_err());
        // A white man on its crowning row.
        let bad = format!("W{}w{}", "e".repeat(2), "e".repeat(47));
        assert!(International::parse_hub_position(&bad).is_err());
    }

    #[test]
    fn the_fmjd_endgame_counts() {
        let count = |fen: &str| endgame_count(&parse_fen(fen).unwrap()).map(|(plies, _)| plies);
        for fen in ["W:WK1,K2,K3:BK28", "B:WK1,K2,33:BK28", "W:WK1,33,34:BK28", "W:WK28:BK1,K2,K3"]
        {
            assert_eq!(count(fen), Some(32), "{fen}");
        }
        for fen in ["W:WK1,K2:BK28", "W:WK1,33:BK28", "B:WK28:BK1,20"] {
            assert_eq!(count(fen), Some(10), "{fen}");
        }
        for fen in [
            "W:WK1:BK28",
            "W:WK1,K2,K3,K4:BK28",
            "W:WK1,K2:B28",
            "W:W33,34:BK28",
            "W:WK1,K2:BK28,K30",
        ] {
            assert_eq!(count(fen), None, "{fen}");
        }
    }

    #[test]
    fn keys_tell_positions_and_sides_apart() {
        let start = Position::start();
        let black = Position { side: Color::Black, ..start };
        assert_ne!(start.key(), black.key());
        let moved = start.play_move(&Move { from: 32, to: 28, captured: 0 });
        assert_ne!(moved.key(), black.key());
        assert_eq!(moved.key(), parse_fen("B:W28,31,33-50:B1-20").unwrap().key());
    }
}
