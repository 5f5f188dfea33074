//! International draughts as the search plays it: a `Copy` move, an allocation-free generator
//! (the same rules as [`Position::legal_moves`], which also gives every path), the position's
//! hash, a basic evaluation and the [`Rules`] implementation.

use super::{bit, coordinates, forward, next, squares, IntlMove, Position};
use crate::movelist::List;
use crate::position::Color;
use crate::rules::{PathMove, Rules};
use crate::search::options::SearchOptions;
use crate::search::score::Score;
use crate::search::tt::PackedMove;

/// A legal move as the search keeps it: start and end squares (1-50) and the captured set (bit
/// `n - 1` for square `n`). Equal moves have the same start, end and captured set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The start square, 1-50.
    pub from: u8,
    /// The end square, 1-50.
    pub to: u8,
    /// The captured squares.
    pub captured: u64,
}

impl Move {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The move with its path and capture order, as the rules list it in `position` (`None` when
    /// it is not legal there).
    pub fn with_path(&self, position: &Position) -> Option<IntlMove> {
        position.legal_moves().into_iter().find(|m| m.compact() == *self)
    }
}

impl IntlMove {
    /// The move without its path.
    pub fn compact(&self) -> Move {
        Move {
            from: self.from,
            to: self.to(),
            captured: self.captured.iter().fold(0u64, |m, &s| m | bit(s)),
        }
    }
}

impl Position {
    /// The position after `mv` (which must be legal here).
    pub fn play_move(&self, mv: &Move) -> Position {
        let us = self.side;
        let (from, to, taken) = (bit(mv.from), bit(mv.to), mv.captured);
        let was_king = self.kings & from != 0;
        let mut next = *self;
        match us {
            Color::White => {
                next.white = (next.white & !from) | to;
                next.black &= !taken;
            }
            Color::Black => {
                next.black = (next.black & !from) | to;
                next.white &= !taken;
            }
        }
        next.kings &= !taken & !from;
        let (row, _) = coordinates(mv.to);
        let crowned = match us {
            Color::White => row == 0,
            Color::Black => row == 9,
        };
        if was_king || crowned {
            next.kings |= to;
        }
        next.side = us.opposite();
        next
    }

    /// A 64-bit hash of the pieces and the side to move.
    pub fn key(&self) -> u64 {
        let mut h = match self.side {
            Color::White => 0x243F_6A88_85A3_08D3u64,
            Color::Black => 0x1319_8A2E_0370_7344u64,
        };
        for word in [self.white, self.black, self.kings] {
            h = (h ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
            h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 32;
        }
        h
    }

    /// Whether the side to move has a capture.
    pub fn has_capture(&self) -> bool {
        let mut list = List::new();
        generate(self, &mut list);
        list.first().is_some_and(Move::is_capture)
    }
}

/// Fills `list` (emptied first) with the legal moves, one per (from, to, captured set): the
/// largest captures when any capture exists, else every step.
pub fn generate(position: &Position, list: &mut List<Move>) {
    list.clear();
    let us = position.side;
    let ours = match us {
        Color::White => position.white,
        Color::Black => position.black,
    };
    let mut search = Search {
        theirs: ours ^ (position.white | position.black),
        occupied: position.white | position.black,
        from: 0,
        king: false,
        best: 1,
        list,
    };
    for from in squares(ours) {
        search.from = from;
        search.king = position.kings & bit(from) != 0;
        search.extend(from, 0, 0);
    }
    if !list.is_empty() {
        return;
    }
    let occupied = position.white | position.black;
    for from in squares(ours) {
        let king = position.kings & bit(from) != 0;
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            let mut at = from;
            while let Some(to) = next(at, d).filter(|&s| occupied & bit(s) == 0) {
                list.push(Move { from, to, captured: 0 });
                if !king {
                    break;
                }
                at = to;
            }
        }
    }
}

struct Search<'a> {
    theirs: u64,
    occupied: u64,
    from: u8,
    king: bool,
    /// The most pieces a capture found so far takes (at least one).
    best: u32,
    list: &'a mut List<Move>,
}

impl Search<'_> {
    /// Whether `square` is empty for the moving piece (its own start square is).
    fn empty(&self, square: u8) -> bool {
        square == self.from || self.occupied & bit(square) == 0
    }

    fn extend(&mut self, at: u8, taken: u64, count: u32) {
        let mut extended = false;
        for d in 0..4 {
            let mut over = next(at, d);
            if self.king {
                while let Some(s) = over.filter(|&s| self.empty(s)) {
                    over = next(s, d);
                }
            }
            let Some(over) = over else { continue };
            if self.theirs & bit(over) == 0 || taken & bit(over) != 0 {
                continue;
            }
            let mut land = next(over, d);
            while let Some(to) = land.filter(|&s| self.empty(s)) {
                extended = true;
                self.extend(to, taken | bit(over), count + 1);
                if !self.king {
                    break;
                }
                land = next(to, d);
            }
        }
        if !extended && count >= self.best {
            if count > self.best {
                self.best = count;
                self.list.clear();
            }
            let mv = Move { from: self.from, to: at, captured: taken };
            if !self.list.contains(&mv) {
                self.list.push(mv);
            }
        }
    }
}

/// International draughts (FMJD rules, PDN GameType 20) for the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct International;

/// The FMJD count: 25 moves by each side with only kings moved and nothing captured (50 plies).
pub const QUIET_PLY_LIMIT: u32 = 50;

impl Rules for International {
    type Position = Position;
    type Move = Move;

    const NAME: &'static str = "international";
    const PDN_GAME_TYPE: u32 = 20;
    const QUIET_PLY_LIMIT: u32 = QUIET_PLY_LIMIT;
    const MOVE_COUNT_RULE: &'static str = "25-move rule";

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
    fn pack(mv: &Move) -> PackedMove {
        let hash = (mv.captured.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61) as u16;
        PackedMove::from_bits(u16::from(mv.from) | u16::from(mv.to) << 6 | hash << 12)
    }

    #[inline]
    fn from_to(mv: &Move) -> (usize, usize) {
        (usize::from(mv.from), usize::from(mv.to))
    }

    fn evaluate(position: &Position, _options: &SearchOptions) -> Score {
        evaluate(position)
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
        super::parse_fen(text).map_err(|e| format!("bad FEN '{}': {e}", crate::Excerpt(text)))
    }

    fn to_fen(position: &Position) -> String {
        super::to_fen(position)
    }

    fn parse_hub_position(text: &str) -> Result<Position, String> {
        let fen = crate::rules::hub_position_to_fen(text, super::SQUARES)?;
        super::parse_fen(&fen).map_err(|e| format!("illegal setup: {e}"))
    }

    fn to_hub_position(position: &Position) -> String {
        super::fen::to_hub_position(position)
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

/// The FMJD endgame counts (shared/variants.md): against a lone king, three kings, two kings
/// and a man, or a king and two men are drawn after 16 moves by each side; two kings, or a king
/// and a man, after 5 moves each. The plies and the rule's name, when the material is one of these.
pub fn endgame_count(position: &Position) -> Option<(u32, &'static str)> {
    let count = |pieces: u64| {
        ((pieces & position.kings).count_ones(), (pieces & !position.kings).count_ones())
    };
    let (white, black) = (count(position.white), count(position.black));
    let strong = match (white, black) {
        ((1, 0), other) | (other, (1, 0)) => other,
        _ => return None,
    };
    match strong {
        (3, 0) | (2, 1) | (1, 2) => Some((32, "16-move rule")),
        (2, 0) | (1, 1) => Some((10, "5-move rule")),
        _ => None,
    }
}

/// A basic evaluation for the side to move, in hundredths of a man: material (a king worth three
/// men), men's advancement, the centre, and the back row kept while the enemy has men.
pub fn evaluate(position: &Position) -> Score {
    let side = |color: Color| -> Score {
        let (ours, their_men) = match color {
            Color::White => (position.white, position.black & !position.kings),
            Color::Black => (position.black, position.white & !position.kings),
        };
        let (men, kings) = (ours & !position.kings, ours & position.kings);
        let mut score = 100 * men.count_ones() as Score + 300 * kings.count_ones() as Score;
        for s in squares(men) {
            let (row, column) = coordinates(s);
            let advanced = Score::from(match color {
                Color::White => 9 - row,
                Color::Black => row,
            });
            score += 2 * advanced;
            if advanced == 0 && their_men != 0 {
                score += 5;
            }
            // Columns 3-6 hold the centre.
            if (3..=6).contains(&column) {
                score += 3;
            }
        }
        score
    };
    let white = side(Color::White) - side(Color::Black);
    match position.side {
        Color::White => white,
        Color::Black => -white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::parse_fen;

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
                .filter_map(|k| super::super::square_at(r0 + k * dr.signum(), c0 + k * dc.signum()))
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
