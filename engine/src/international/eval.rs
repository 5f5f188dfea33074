//! International draughts' evaluation: a few hand-set terms.

use super::geometry::{coordinates, squares};
use super::position::Position;
use crate::color::Color;
use crate::score::Score;

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
