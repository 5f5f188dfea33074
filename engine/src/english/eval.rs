//! English draughts' evaluation: a few hand-set terms.

use super::geometry::column;
use crate::board8::position::Position;
use crate::color::Color;
use crate::score::Score;

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
