//! International draughts' evaluation: a few hand-set terms ([`evaluate`]), and the endgame
//! scaling applied to every evaluation, learned or hand-set ([`drawish`]).

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

/// Endgame knowledge a sum of features cannot hold: against a king, a lead is worth much less.
/// `score` is for the side to move; it is divided by 8 when the side it favours has three pieces
/// or fewer and the other side a king (a king holds the long diagonal against three kings, and
/// the FMJD counts end such games), and halved when both sides have as many kings and the men
/// differ by one at most (a king behind the lines holds most of those). Colour-symmetric.
#[inline]
pub fn drawish(position: &Position, score: Score) -> Score {
    if score == 0 {
        return score;
    }
    let leader =
        if (score > 0) == (position.side == Color::White) { Color::White } else { Color::Black };
    score / drawish_divisor(position, leader)
}

/// What [`drawish`] divides a lead of `leader` by: 8, 2 or 1. The training of the learned
/// evaluation fits its weights through the same divisor (White's lead when the sum is positive).
#[inline]
pub fn drawish_divisor(position: &Position, leader: Color) -> Score {
    let (leader, defender) = match leader {
        Color::White => (position.white, position.black),
        Color::Black => (position.black, position.white),
    };
    let defender_kings = (defender & position.kings).count_ones();
    if defender_kings == 0 {
        return 1;
    }
    let leader_kings = (leader & position.kings).count_ones();
    let (leader_men, defender_men) = (
        (leader & !position.kings).count_ones() as i32,
        (defender & !position.kings).count_ones() as i32,
    );
    if leader.count_ones() <= 3 {
        8
    } else if leader_kings == defender_kings && (leader_men - defender_men).abs() <= 1 {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::fen::parse_fen;

    #[test]
    fn a_lead_against_a_king_is_scaled_for_both_colours() {
        // Three kings against one: an eighth, whoever leads and whoever moves.
        for fen in ["W:WK1,K2,K3:BK50", "B:WK1,K2,K3:BK50", "W:WK50:BK1,K2,K3", "B:WK50:BK1,K2,K3"]
        {
            let position = parse_fen(fen).unwrap();
            let leader_moves =
                (position.white.count_ones() == 3) == (position.side == Color::White);
            let score = if leader_moves { 400 } else { -400 };
            assert_eq!(drawish(&position, score), score / 8, "{fen}");
        }
        // A king and a man up on each side: halved; with no enemy king, untouched.
        let even_kings = parse_fen("W:WK1,30,31,32,33:BK50,20,21,22").unwrap();
        assert_eq!(drawish(&even_kings, 120), 60);
        assert_eq!(drawish(&even_kings, -120), -60, "the same rule for a Black lead");
        let no_king = parse_fen("W:W30,31,32,33:B20,21,22").unwrap();
        assert_eq!(drawish(&no_king, 120), 120);
        // Two men up against a king: untouched.
        let two_up = parse_fen("W:WK1,30,31,32,33:BK50,20,21").unwrap();
        assert_eq!(drawish(&two_up, 200), 200);
    }
}
