//! English draughts as the search and the front ends play it: the [`Rules`] implementation.

use super::eval::evaluate;
use super::movegen::{generate, has_capture};
use super::paths::legal_moves;
use super::start;
use crate::board8::fen::{parse_fen, to_fen};
use crate::board8::hubpos::{parse_hub_position, to_hub_position};
use crate::board8::moves::Move;
use crate::board8::position::Position;
use crate::color::Color;
use crate::excerpt::Excerpt;
use crate::learned::LearnedChoice;
use crate::movelist::List;
use crate::movetext::PathMove;
use crate::rules::Rules;
use crate::score::Score;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;
    use crate::english::movegen::{generate, has_capture};
    use crate::english::paths::legal_moves;
    use crate::english::start;
    use crate::movelist::List;

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
            assert_eq!(list.len(), unique.len(), "{}", crate::board8::fen::to_fen(p));
            assert!(unique.iter().all(|m| list.contains(m)), "{}", crate::board8::fen::to_fen(p));
            assert_eq!(has_capture(p), unique.first().is_some_and(Move::is_capture));
            captures += usize::from(list.first().is_some_and(Move::is_capture));
        }
        assert!(captures > 300, "{captures} positions with captures");
    }
}
