//! The hand-set evaluation of Russian and Brazilian draughts: a first one, for the rules and the
//! fronts to be played with (no tuning or measured strength behind it yet).

use super::squares::number;
use crate::board8::position::Position;
use crate::color::Color;
use crate::english::geometry::column;
use crate::score::Score;

/// A king's worth in hundredths of a man: a flying king on the 8x8 board is worth about three.
const KING: Score = 280;

/// The evaluation for the side to move, in hundredths of a man: material (a king 2.8 men), men's
/// advancement, the back row kept while the enemy has men, the centre, a king on the main road.
pub fn evaluate(position: &Position) -> Score {
    let side = |color: Color| -> Score {
        let men = position.men(color);
        let kings = position.kings_of(color);
        let enemy_men = position.men(color.opposite()).count() as Score;
        let mut score = 100 * men.count() as Score + KING * kings.count() as Score;
        for s in men {
            // Rows advanced from the home row (0-6).
            let advanced = match color {
                Color::White => 7 - s.row(),
                Color::Black => s.row(),
            } as Score;
            score += 3 * advanced;
            if advanced == 0 && enemy_men > 0 {
                score += 6;
            }
            if (2..=5).contains(&column(s)) {
                score += 3;
            }
        }
        for s in kings {
            // The main road a1-h8: the game's squares 1, 5, 10, 14, 19, 23, 28, 32.
            if matches!(number(s), 1 | 5 | 10 | 14 | 19 | 23 | 28 | 32) {
                score += 15;
            }
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
    use crate::flying8::fen::parse_fen;

    #[test]
    fn the_start_is_even_and_material_counts() {
        assert_eq!(evaluate(&Position::start()), 0);
        let black_to_move = parse_fen("B:W1-12:B21-32").unwrap();
        assert_eq!(evaluate(&black_to_move), 0);
        let man_up = parse_fen("W:W1-12:B21-31").unwrap();
        assert!(evaluate(&man_up) > 80);
        let king_up = parse_fen("B:WK1,5:B21,22").unwrap();
        assert!(evaluate(&king_up) < -150, "Black to move against a king more");
    }
}
