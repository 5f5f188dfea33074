//! English draughts as the search plays it: the [`Rules`] implementation, an allocation-free
//! generator (the same rules as [`legal_moves`], which also gives every path) and a basic
//! evaluation.

use super::{column, crowning_row, forward, legal_moves, start, step, Board};
use crate::movelist::List;
use crate::moves::{Move, MAX_CAPTURES};
use crate::position::{Color, Position};
use crate::rules::{PathMove, Rules};
use crate::search::options::SearchOptions;
use crate::search::score::Score;
use crate::search::tt::PackedMove;
use crate::square::Square;

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

    const NAME: &'static str = "english";
    const PDN_GAME_TYPE: u32 = 21;
    const QUIET_PLY_LIMIT: u32 = QUIET_PLY_LIMIT;
    const MOVE_COUNT_RULE: &'static str = "40-move rule";
    const FIRST_TO_MOVE: Color = Color::Black;

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
        crate::search::history::is_irreversible(position, mv)
    }

    fn opponent_can_capture(position: &Position) -> bool {
        has_capture(&position.with_side_to_move(position.side_to_move().opposite()))
    }

    #[inline]
    fn pack(mv: &Move) -> PackedMove {
        PackedMove::new(mv)
    }

    #[inline]
    fn from_to(mv: &Move) -> (usize, usize) {
        (mv.from().index(), mv.to().index())
    }

    fn evaluate(position: &Position, _options: &SearchOptions) -> Score {
        evaluate(position)
    }

    fn piece_count(position: &Position) -> u32 {
        position.occupied().count()
    }

    fn start() -> Position {
        start()
    }

    fn side_to_move(position: &Position) -> Color {
        position.side_to_move()
    }

    fn parse_fen(text: &str) -> Result<Position, String> {
        crate::parse_fen(text).map_err(|e| format!("bad FEN '{}': {e}", crate::Excerpt(text)))
    }

    fn to_fen(position: &Position) -> String {
        crate::to_fen(position)
    }

    fn parse_hub_position(text: &str) -> Result<Position, String> {
        crate::parse_hub_position(&turned(text)).map_err(|e| e.to_string())
    }

    fn to_hub_position(position: &Position) -> String {
        turned(&crate::to_hub_position(position))
    }

    fn paths(position: &Position) -> Vec<PathMove<Move>> {
        let mut out: Vec<PathMove<Move>> = Vec::new();
        for m in legal_moves(position) {
            if out.iter().all(|p| p.mv != m.mv) {
                out.push(PathMove {
                    mv: m.mv,
                    from: m.mv.from().number(),
                    landings: m.landings.iter().map(|s| s.number()).collect(),
                    captured: m.captured.iter().map(|s| s.number()).collect(),
                });
            }
        }
        out
    }
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

/// Fills `list` (emptied first) with the legal moves, one per (from, to, captured set), without
/// allocating: the generator the search uses. [`legal_moves`] lists every route with its path.
pub fn generate(position: &Position, list: &mut List<Move>) {
    list.clear();
    let us = position.side_to_move();
    let (theirs, occupied) = (position.pieces(us.opposite()), position.occupied());
    let kings = position.kings();
    for from in position.pieces(us) {
        let board = Board { theirs, occupied, start: from };
        let mut taken = [from; MAX_CAPTURES];
        captures_into(from, from, us, kings.contains(from), &board, &mut taken, 0, list);
    }
    if !list.is_empty() {
        return;
    }
    for from in position.pieces(us) {
        let king = kings.contains(from);
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            if let Some(to) = step(from, d, 1).filter(|s| !occupied.contains(*s)) {
                list.push(Move::quiet(from, to));
            }
        }
    }
}

/// Whether the side to move has a capture.
pub fn has_capture(position: &Position) -> bool {
    let us = position.side_to_move();
    let theirs = position.pieces(us.opposite());
    let occupied = position.occupied();
    let kings = position.kings();
    position.pieces(us).into_iter().any(|from| {
        (0..4).any(|d| {
            (kings.contains(from) || forward(us, d))
                && matches!((step(from, d, 1), step(from, d, 2)),
                    (Some(over), Some(land)) if theirs.contains(over) && !occupied.contains(land))
        })
    })
}

#[allow(clippy::too_many_arguments)]
fn captures_into(
    start: Square,
    at: Square,
    us: Color,
    king: bool,
    board: &Board,
    taken: &mut [Square; MAX_CAPTURES],
    count: usize,
    list: &mut List<Move>,
) {
    let mut extended = false;
    if count < MAX_CAPTURES {
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            let (Some(over), Some(land)) = (step(at, d, 1), step(at, d, 2)) else { continue };
            if !board.theirs.contains(over) || taken[..count].contains(&over) {
                continue;
            }
            if board.occupied.contains(land) && land != board.start {
                continue;
            }
            extended = true;
            taken[count] = over;
            if !king && land.row() == crowning_row(us) {
                push_unique(list, Move::capture(start, land, &taken[..=count]));
            } else {
                captures_into(start, land, us, king, board, taken, count + 1, list);
            }
        }
    }
    if !extended && count > 0 {
        push_unique(list, Move::capture(start, at, &taken[..count]));
    }
}

/// Adds a capture unless the same (from, to, captured set) is listed (a king's second route).
fn push_unique(list: &mut List<Move>, mv: Move) {
    if !list.contains(&mv) {
        list.push(mv);
    }
}

/// A basic evaluation for the side to move, in hundredths of a man: material (a king worth 1.3
/// men), men's advancement, the back row kept against enemy crowning while the enemy has men,
/// and a small bonus for kings near the centre.
pub fn evaluate(position: &Position) -> Score {
    let side = |color: Color| -> Score {
        let men = position.men(color);
        let kings = position.kings_of(color);
        let enemy_men = position.men(color.opposite()).count() as Score;
        let mut score = 100 * men.count() as Score + 130 * kings.count() as Score;
        for s in men {
            // Rows advanced from the home row (0-6).
            let advanced = match color {
                Color::White => 7 - s.row(),
                Color::Black => s.row(),
            } as Score;
            score += 2 * advanced;
            if advanced == 0 && enemy_men > 0 {
                score += 8;
            }
        }
        for s in kings {
            let (row, col) = (s.row() as Score, column(s) as Score);
            score -= 2 * ((2 * row - 7).abs() + (2 * col - 7).abs()) / 2;
        }
        score
    };
    let white = side(Color::White) - side(Color::Black);
    match position.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    /// Random play from the start and from random king-rich placements.
    fn sample_positions() -> Vec<Position> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut out = Vec::new();
        for game in 0..300 {
            let mut p = if game % 2 == 0 {
                start()
            } else {
                let mut fen = String::from(if rng.gen_bool(0.5) { "W:W" } else { "B:W" });
                let mut used = std::collections::HashSet::new();
                let mut side = |fen: &mut String, n: usize, rng: &mut rand::rngs::StdRng| {
                    let mut first = true;
                    while n > 0 && used.len() < 32 {
                        let sq = rng.gen_range(1..=32u8);
                        if !used.insert(sq) {
                            continue;
                        }
                        let king = rng.gen_bool(0.5) || sq <= 4 || sq >= 29;
                        if !first {
                            fen.push(',');
                        }
                        first = false;
                        fen.push_str(&format!("{}{sq}", if king { "K" } else { "" }));
                        if fen.matches(',').count() + 1 >= n {
                            break;
                        }
                    }
                };
                let n = rng.gen_range(1..=6);
                side(&mut fen, n, &mut rng);
                fen.push_str(":B");
                let n = rng.gen_range(1..=6);
                side(&mut fen, n, &mut rng);
                parse_fen(&fen).unwrap_or_else(|_| start())
            };
            for _ in 0..rng.gen_range(0..60) {
                let moves = legal_moves(&p);
                if moves.is_empty() {
                    break;
                }
                out.push(p);
                p = p.play(&moves[rng.gen_range(0..moves.len())].mv);
            }
            out.push(p);
        }
        out
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
        assert!(positions.len() > 3000, "{}", positions.len());
        let mut captures = 0;
        for p in &positions {
            let mut list = List::new();
            generate(p, &mut list);
            let mut unique: Vec<Move> = Vec::new();
            for m in legal_moves(p) {
                if !unique.contains(&m.mv) {
                    unique.push(m.mv);
                }
            }
            assert_eq!(list.len(), unique.len(), "{}", crate::fen::to_fen(p));
            assert!(unique.iter().all(|m| list.contains(m)), "{}", crate::fen::to_fen(p));
            assert_eq!(has_capture(p), unique.first().is_some_and(Move::is_capture));
            captures += usize::from(list.first().is_some_and(Move::is_capture));
        }
        assert!(captures > 300, "{captures} positions with captures");
    }
}
