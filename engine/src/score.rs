//! Scores: centi-men from the side to move's point of view, with wins and losses encoded as
//! distance to the end of the game in plies.
//!
//! Database scores form their own band, between evaluations and the search's own proven wins:
//! a database win `ply` plies from the root scores [`TABLEBASE_WIN`]` - ply`. They are exact
//! under the databases' convention (the move count and repetitions are not counted).

use crate::tables::TablebaseValue;

/// A score in hundredths of a man (a man = 100), from the side to move's point of view.
pub type Score = i32;

/// The score of a position won on the spot (the opponent has no move). A win in `n` plies
/// scores `WIN - n`.
pub const WIN: Score = 30_000;
/// Scores beyond this (in absolute value) are wins or losses, not evaluations.
pub const WIN_BOUND: Score = WIN - 1_000;
/// Larger than any score: the initial alpha-beta window.
pub const INFINITY: Score = 32_000;
/// The score of a draw.
pub const DRAW: Score = 0;

/// The score of being won `plies` plies from the root.
pub const fn win_in(plies: u32) -> Score {
    WIN - plies as Score
}

/// The score of being lost `plies` plies from the root.
pub const fn loss_in(plies: u32) -> Score {
    -WIN + plies as Score
}

/// Whether `score` says the game is won or lost (rather than an evaluation).
pub const fn is_decisive(score: Score) -> bool {
    score.abs() > WIN_BOUND
}

/// For a decisive score, the number of plies to the end of the game (positive when winning).
pub fn plies_to_end(score: Score) -> Option<i32> {
    if score > WIN_BOUND {
        Some(WIN - score)
    } else if score < -WIN_BOUND {
        Some(-(WIN + score))
    } else {
        None
    }
}

/// The score of a database win at the root.
pub const TABLEBASE_WIN: Score = WIN_BOUND - 1_000;
/// Scores beyond this (and not beyond [`WIN_BOUND`]) are database results.
pub const TABLEBASE_BOUND: Score = TABLEBASE_WIN - 1_000;

/// The score of a database value `ply` plies from the root.
pub const fn tablebase_score(value: TablebaseValue, ply: u32) -> Score {
    match value {
        TablebaseValue::Win => TABLEBASE_WIN - ply as Score,
        TablebaseValue::Loss => -TABLEBASE_WIN + ply as Score,
        TablebaseValue::Draw => 0,
    }
}

/// Whether `score` is a database win or loss (not an evaluation, not a proven win).
pub const fn is_tablebase_score(score: Score) -> bool {
    score.abs() > TABLEBASE_BOUND && score.abs() <= WIN_BOUND
}

/// Formats a score in men for people: `+0.35`, `win in 7` / `loss in 4` (plies), or `tb win` /
/// `tb loss` for a result of the endgame tables.
pub fn score_text(score: Score) -> String {
    if is_tablebase_score(score) {
        return (if score > 0 { "tb win" } else { "tb loss" }).to_string();
    }
    match plies_to_end(score) {
        Some(n) if n >= 0 => format!("win in {n}"),
        Some(n) => format!("loss in {}", -n),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

/// Converts a score relative to the root into one relative to a node `ply` plies deep, for
/// storing in the transposition table (a win in `n` from the root is a win in `n - ply` there).
pub const fn to_table(score: Score, ply: u32) -> Score {
    if score > WIN_BOUND {
        score + ply as Score
    } else if score < -WIN_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub const fn from_table(score: Score, ply: u32) -> Score {
    if score > WIN_BOUND {
        score - ply as Score
    } else if score < -WIN_BOUND {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_conversion_round_trips() {
        for score in [win_in(7), loss_in(12), 35, -250, DRAW] {
            for ply in [0, 3, 40] {
                assert_eq!(from_table(to_table(score, ply), ply), score);
            }
        }
        assert_eq!(plies_to_end(win_in(9)), Some(9));
        assert_eq!(plies_to_end(loss_in(4)), Some(-4));
        assert_eq!(plies_to_end(120), None);
    }

    #[test]
    fn tablebase_scores_are_their_own_band() {
        let win = tablebase_score(TablebaseValue::Win, 7);
        assert!(is_tablebase_score(win) && is_tablebase_score(-win));
        assert!(!is_decisive(win));
        assert!(!is_tablebase_score(win_in(3)));
        assert!(!is_tablebase_score(2_000));
        assert_eq!(tablebase_score(TablebaseValue::Draw, 3), 0);
        assert!(tablebase_score(TablebaseValue::Win, 3) > win);
    }
}
